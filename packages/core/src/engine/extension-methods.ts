import { eraOf, type Revision } from "@mcpkit/schema";

/**
 * Method prefixes that a stateless revision (2026-07-28) leaves to an extension although an older
 * revision defines methods under them: `tasks/` and `notifications/tasks` belong to the tasks
 * extension (SEP-2663, "Reservations"). At such a revision this side may send them as extension
 * methods (on receipt, an installed extension that defines them is what admits them).
 */
const EXTENSION_PREFIXES = ["tasks/", "notifications/tasks"] as const;

/**
 * Whether `method`, at `revision`, is an extension's method even though some revision defines it.
 *
 * @example
 * ```ts
 * reservedForExtension("2026-07-28", "tasks/get"); // true
 * reservedForExtension("2025-11-25", "tasks/get"); // false: a core method there
 * ```
 */
export function reservedForExtension(revision: Revision, method: string): boolean {
  return eraOf(revision) === "stateless" && EXTENSION_PREFIXES.some((prefix) => method.startsWith(prefix));
}
