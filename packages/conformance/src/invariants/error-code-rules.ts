import type { Revision } from "../model/revisions.js";

/** Codes JSON-RPC 2.0 itself defines (parse error, invalid request, method, params, internal). */
const JSON_RPC = new Set([-32700, -32600, -32601, -32602, -32603]);
/** Codes 2026-07-28 defines in its own sub-range: HeaderMismatch, MissingRequiredClientCapability, UnsupportedProtocolVersion. */
const MCP_2026 = new Set([-32020, -32021, -32022]);
/** Codes earlier revisions defined, which 2026-07-28 forbids by their own rules (base.error-codes.no-*). */
const RETIRED = new Set([-32002, -32042]);

/**
 * The 2026-07-28 rules on the code of an error (basic, "Error Codes"): nothing undefined from the
 * MCP sub-range -32020..-32099 (MUST NOT), nothing from the legacy sub-range -32000..-32019
 * (SHOULD NOT), and application codes outside the reserved range -32768..-32000 (SHOULD).
 * Returns the requirement broken and why, or undefined.
 * @example
 * errorCodeProblem(-32001, "2026-07-28"); // ["base.error-codes.no-legacy-range", "..."]
 */
export function errorCodeProblem(code: number, revision: Revision): [string, string] | undefined {
  if (revision < "2026-07-28" || RETIRED.has(code) || JSON_RPC.has(code)) return undefined;
  if (code >= -32019 && code <= -32000)
    return ["base.error-codes.no-legacy-range", `error code ${code} is in the legacy range -32000..-32019`];
  if (code >= -32099 && code <= -32020 && !MCP_2026.has(code))
    return [
      "base.error-codes.no-undefined-reserved",
      `error code ${code} is in the MCP range -32020..-32099 but not defined by 2026-07-28`,
    ];
  if (code >= -32768 && code < -32099)
    return [
      "base.error-codes.app-range",
      `error code ${code} is in the JSON-RPC reserved range -32768..-32000 but defined by neither JSON-RPC nor MCP`,
    ];
  return undefined;
}
