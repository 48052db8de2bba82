import { methodsByRevision } from "./generated/all.js";
import type { MethodInfo, MethodTable } from "./method-table.js";
import { isRevision, type Revision } from "./revisions.js";

/**
 * The method table of a revision: every method with its direction, message and params
 * definitions, the results that may answer it and the capability that gates it.
 *
 * @example
 * ```ts
 * methodTable("2025-11-25")["resources/subscribe"]?.gate; // { side: "server", path: "resources.subscribe" }
 * "ping" in methodTable("2026-07-28"); // false: the stateless revision has no ping
 * ```
 */
export function methodTable(revision: Revision): MethodTable {
  if (!isRevision(revision)) throw new RangeError(`unknown protocol revision: ${String(revision)}`);
  return methodsByRevision[revision];
}

/**
 * What a revision says about one method, or undefined when the revision does not have it.
 *
 * @example
 * ```ts
 * methodInfo("2024-11-05", "tools/call")?.results; // ["CallToolResult"]
 * ```
 */
export function methodInfo(revision: Revision, method: string): MethodInfo | undefined {
  const table = methodTable(revision);
  return Object.hasOwn(table, method) ? table[method] : undefined;
}
