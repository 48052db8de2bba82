import { type JsonObject, isObject } from "../model/json.js";
import type { Revision } from "../model/revisions.js";
import { inputRequestsRules } from "./input-request-rules.js";
import type { RunState, SentRequest } from "./state.js";

type Push = (requirement: string, detail: string) => void;

/** The server capability a successful answer to a method shows the server offers. */
const OFFERED: [prefix: string, capability: string, requirement: string][] = [
  ["tools/", "tools", "tools.capability"],
  ["prompts/", "prompts", "prompts.capability"],
  ["resources/", "resources", "resources.capability"],
  ["completion/complete", "completions", "completion.capability"],
  ["logging/setLevel", "logging", "logging.capability"],
];
const INPUT_METHODS = new Set(["tools/call", "prompts/get", "resources/read"]);
const META = "io.modelcontextprotocol/";

function initializeFields(result: JsonObject, push: Push): void {
  const info = result.serverInfo;
  if (
    typeof result.protocolVersion !== "string" ||
    !isObject(result.capabilities) ||
    !isObject(info) ||
    typeof info.name !== "string" ||
    typeof info.version !== "string"
  )
    push(
      "lifecycle.init.response-fields",
      "an initialize result without protocolVersion, capabilities and serverInfo",
    );
}

/** 2026-07-28 InputRequiredResult rules (multi round-trip requests). */
function inputRequired(result: JsonObject, request: SentRequest, revision: Revision, push: Push): void {
  if (!INPUT_METHODS.has(request.method))
    push("mrtr.server.supported-methods-only", `${request.method} answered with input_required`);
  const requests = result.inputRequests;
  if (!isObject(requests) && typeof result.requestState !== "string")
    push(
      "mrtr.server.inputs-or-state",
      "an input_required result with neither inputRequests nor requestState",
    );
  if (!isObject(requests)) return;
  const meta = isObject(request.params._meta) ? request.params._meta : {};
  const declared = meta[`${META}clientCapabilities`];
  inputRequestsRules(requests, isObject(declared) ? declared : {}, revision, push);
}

/**
 * Rules about what a result says of the server's features: initialize fields, answers only for
 * declared capabilities, and 2026-07-28 input_required results.
 */
export function featureRules(result: JsonObject, request: SentRequest, state: RunState, push: Push): void {
  if (request.method === "initialize") initializeFields(result, push);
  const capabilities = state.serverCapabilities();
  if (capabilities !== undefined) {
    for (const [prefix, capability, requirement] of OFFERED) {
      if (request.method.startsWith(prefix) && !isObject(capabilities[capability]))
        push(requirement, `${request.method} answered by a server that did not declare ${capability}`);
    }
  }
  if (state.revision >= "2026-07-28" && result.resultType === "input_required")
    inputRequired(result, request, state.revision, push);
}
