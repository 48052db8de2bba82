import { capabilitiesByRevision } from "./generated/all.js";
import { isRevision, type Revision } from "./revisions.js";

/** The members of each side's capabilities object in one revision, sorted. */
export interface CapabilityFields {
  readonly client: readonly string[];
  readonly server: readonly string[];
}

/**
 * The members a revision's `ClientCapabilities` or `ServerCapabilities` defines: what a peer of
 * that revision may announce (anything else is a field the revision does not have).
 *
 * @example
 * ```ts
 * capabilityFields("2025-11-25", "server"); // [..., "tasks", "tools"]
 * capabilityFields("2026-07-28", "server").includes("tasks"); // false
 * capabilityFields("2024-11-05", "client"); // ["experimental", "roots", "sampling"]
 * ```
 */
export function capabilityFields(revision: Revision, side: "client" | "server"): readonly string[] {
  if (!isRevision(revision)) throw new RangeError(`unknown protocol revision: ${String(revision)}`);
  return capabilitiesByRevision[revision][side];
}
