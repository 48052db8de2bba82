import type { Scenario } from "../scenario.js";
import { AUTH_SCENARIOS, authFlow } from "./auth.js";
import { elicitationDefaults, initialize, sseRetry, toolsCall } from "./core.js";
import { callTools, rootsChanged } from "./mcpkit.js";
import {
  clientRequestState,
  customHeaders,
  invalidToolHeaders,
  refNoDeref,
  requestMetadata,
  schemaPreservation,
  standardHeaders,
} from "./stateless.js";
import { authExtensionScenarios } from "./auth-extensions.js";
import { skillsNoPrefetch, skillsVerify } from "./skills.js";
import { tasksScenario } from "./tasks.js";

/** The client scenarios of the official suite this client performs, by name. */
export const scenarios: Readonly<Record<string, Scenario>> = {
  initialize,
  tools_call: toolsCall,
  "elicitation-sep1034-client-defaults": elicitationDefaults,
  "sse-retry": sseRetry,
  "request-metadata": requestMetadata,
  "sep-2322-client-request-state": clientRequestState,
  "http-standard-headers": standardHeaders,
  "http-custom-headers": customHeaders,
  "http-invalid-tool-headers": invalidToolHeaders,
  "json-schema-ref-no-deref": refNoDeref,
  "json-schema-2020-12-preservation": schemaPreservation,
  // The authorization extension scenarios (--suite extensions), through @mcpkit/auth's grant providers.
  ...authExtensionScenarios,
  // The skills extension (SEP-2640), through @mcpkit/skills' client helpers.
  "sep-2640-client-no-prefetch": skillsNoPrefetch,
  "sep-2640-client-verify-digest": skillsVerify,
  "sep-2640-client-verify-size": skillsVerify,
  "sep-2640-client-verify-frontmatter": skillsVerify,
  // mcpkit's own suite (conformance/README.md)
  "mcpkit-call-tools": callTools,
  "mcpkit-roots-changed": rootsChanged,
  "mcpkit-tasks": tasksScenario,
  // The official authorization scenarios (auth/*): one OAuth flow, the scenario varies the server.
  ...Object.fromEntries(AUTH_SCENARIOS.map((name) => [name, authFlow])),
};

/** Why a scenario name is not run: the auth extension scenarios are another helper's, anything else is unknown. */
export function unsupportedReason(name: string): string {
  if (name.startsWith("auth/")) {
    return `scenario "${name}" is not supported by the mcpkit conformance client yet`;
  }
  return `unknown scenario "${name}" (supported: ${Object.keys(scenarios).join(", ")})`;
}
