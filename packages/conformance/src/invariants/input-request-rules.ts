import { type JsonObject, isObject } from "../model/json.js";
import type { Revision } from "../model/revisions.js";
import { requestedSchemaProblem } from "./elicitation-rules.js";

type Push = (requirement: string, detail: string) => void;

/** The client capability each kind of input request needs. */
const INPUT_KINDS: Record<string, string> = {
  "elicitation/create": "elicitation",
  "sampling/createMessage": "sampling",
  "roots/list": "roots",
};

/** Sampling `includeContext` values other than none, which need `sampling.context`. */
const CONTEXT_VALUES = new Set(["thisServer", "allServers"]);

/**
 * The rules on one request a server asks the client for, whether sent as its own JSON-RPC request
 * (up to 2025-11-25) or carried in an `inputRequests` map (2026-07-28): the elicitation schema is
 * flat and primitive, URL mode only when the client declared it, sampling tools and context only
 * under `sampling.tools` and `sampling.context`. `declared` is the capability the client declared
 * for the request's kind (`elicitation`, `sampling`), undefined when unknown. `where` names the
 * request in details ("inputRequests.a").
 */
export function embeddedRequestRules(
  method: string,
  params: JsonObject,
  declared: JsonObject | undefined,
  revision: Revision,
  push: Push,
  where = "",
): void {
  const prefix = where === "" ? "" : `${where}: `;
  if (method === "elicitation/create") {
    if (params.mode === "url" && declared !== undefined && !isObject(declared.url))
      push(
        "elicitation.server-respect-modes",
        `${prefix}a URL elicitation to a client without elicitation.url`,
      );
    const problem = requestedSchemaProblem(params, revision);
    if (problem !== undefined) push("elicitation.schema.restricted", `${prefix}${problem}`);
  }
  if (method === "sampling/createMessage" && declared !== undefined) {
    if ((params.tools !== undefined || params.toolChoice !== undefined) && !isObject(declared.tools))
      push(
        "sampling.tools.gated",
        `${prefix}a sampling request with tools to a client without sampling.tools`,
      );
    if (
      typeof params.includeContext === "string" &&
      CONTEXT_VALUES.has(params.includeContext) &&
      !isObject(declared.context)
    )
      push(
        "sampling.context.gated",
        `${prefix}includeContext ${params.includeContext} to a client without sampling.context`,
      );
  }
}

/**
 * 2026-07-28 `inputRequests` (an input_required result, or a task waiting for input): each value is
 * an elicitation, sampling or roots request (`mrtr.server.request-kinds`), of a kind the request
 * declared (`mrtr.server.declared-kinds-only`, judged only when `capabilities` is given), and obeys
 * {@link embeddedRequestRules}.
 * @example
 * const found: string[] = [];
 * inputRequestsRules(
 *   { a: { method: "elicitation/create", params: { message: "m", requestedSchema: { type: "object", properties: { p: { type: "object" } } } } } },
 *   { elicitation: {} },
 *   "2026-07-28",
 *   (requirement) => found.push(requirement),
 * );
 * // found: ["elicitation.schema.restricted"]
 */
export function inputRequestsRules(
  requests: JsonObject,
  capabilities: JsonObject | undefined,
  revision: Revision,
  push: Push,
): void {
  for (const [key, input] of Object.entries(requests)) {
    const method = isObject(input) ? input.method : undefined;
    const needs = typeof method === "string" ? INPUT_KINDS[method] : undefined;
    if (needs === undefined || typeof method !== "string" || !isObject(input)) {
      push("mrtr.server.request-kinds", `inputRequests.${key} is ${JSON.stringify(method ?? null)}`);
      continue;
    }
    const declared = capabilities?.[needs];
    if (capabilities !== undefined && !isObject(declared)) {
      push(
        "mrtr.server.declared-kinds-only",
        `inputRequests.${key} asks for ${needs}, which the request did not declare`,
      );
      continue;
    }
    const params = isObject(input.params) ? input.params : {};
    embeddedRequestRules(
      method,
      params,
      isObject(declared) ? declared : undefined,
      revision,
      push,
      `inputRequests.${key}`,
    );
  }
}
