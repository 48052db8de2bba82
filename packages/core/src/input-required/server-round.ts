import { methodInfo, type Revision } from "@mcpkit/schema";
import { McpError } from "../errors.js";
import { ErrorCode } from "../jsonrpc/codes.js";
import type { InputRound, JsonObject, Params } from "../engine/types.js";
import { capabilityFor, hasCapability } from "../eras/capabilities.js";
import type { Capabilities } from "../eras/era.js";
import type { RequestStateSealer } from "./seal.js";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What a sealed state is bound to: the method and its target (tool name, prompt name, resource
 * URI), so a state sealed for one tool cannot be replayed against another.
 */
export function bindingOf(method: string, params: Params): string {
  const target =
    typeof params.name === "string" ? params.name : typeof params.uri === "string" ? params.uri : "";
  return `${method} ${target}`;
}

/** Opens the round a request is in: verifies and unseals its `requestState` (throws -32602), exposes its `inputResponses`. */
export async function openRound(
  sealer: RequestStateSealer,
  method: string,
  params: Params,
): Promise<InputRound> {
  const binding = bindingOf(method, params);
  const state =
    params.requestState === undefined ? undefined : await sealer.unseal(params.requestState, binding);
  const responses = isObject(params.inputResponses)
    ? (params.inputResponses as Readonly<Record<string, JsonObject>>)
    : undefined;
  return {
    responses,
    state,
    inputRequired: async (inputRequests, nextState) => ({
      resultType: "input_required",
      ...(Object.keys(inputRequests).length > 0 ? { inputRequests } : {}),
      ...(nextState === undefined ? {} : { requestState: await sealer.seal(nextState, binding) }),
    }),
  };
}

/** The client capability an embedded input request needs, including sub-flags (URL elicitation, sampling with tools). */
function neededCapability(revision: Revision, request: Record<string, unknown>): string | undefined {
  const method = typeof request.method === "string" ? request.method : "";
  const params = isObject(request.params) ? request.params : {};
  if (method === "elicitation/create" && params.mode === "url") return "elicitation.url";
  if (method === "sampling/createMessage" && params.tools !== undefined) return "sampling.tools";
  const gate = methodInfo(revision, method)?.gate;
  return gate?.side === "client" ? gate.path : undefined;
}

/**
 * The -32021 error for a request that needs a client capability its envelope did not declare
 * (stateless era), naming the capability in `data.requiredCapabilities`.
 *
 * @example
 * ```ts
 * declare const ctx: RequestContext;
 * if (!hasCapability(ctx.peer.capabilities, "sampling")) throw missingClientCapability("sampling");
 * // { code: -32021, message: "Missing required client capability: sampling", data: { requiredCapabilities: { sampling: {} } } }
 * ```
 */
export function missingClientCapability(path: string): McpError {
  return new McpError(
    ErrorCode.MissingRequiredClientCapability,
    `Missing required client capability: ${path}`,
    {
      requiredCapabilities: capabilityFor(path),
    },
  );
}

/**
 * Checks an `input_required` result against the client capabilities of the request's envelope:
 * asking for input the client did not declare it can give is a -32021 error naming the capability,
 * e.g. `data: { requiredCapabilities: { elicitation: {} } }`.
 */
export function checkInputRequests(
  revision: Revision,
  result: JsonObject,
  client: Capabilities | undefined,
): void {
  if (!isObject(result.inputRequests)) return;
  for (const request of Object.values(result.inputRequests)) {
    if (!isObject(request)) continue;
    const path = neededCapability(revision, request);
    if (path !== undefined && !hasCapability(client, path)) throw missingClientCapability(path);
  }
}
