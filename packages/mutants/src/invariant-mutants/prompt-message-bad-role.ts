import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** Gives prompt messages the role "system", which MCP does not have (only user and assistant). */
export const promptMessageBadRole: ServerMutant = {
  name: "prompt-message-bad-role",
  defect: 'Answers prompts/get with messages whose role is "system".',
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/prompts/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("prompts/get", (result) =>
      Array.isArray(result.messages)
        ? {
            ...result,
            messages: result.messages.map((m: unknown) => (isObject(m) ? { ...m, role: "system" } : m)),
          }
        : result,
    ),
  ),
};
