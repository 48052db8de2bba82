import { eraOf, isRevision, revisions, type Revision } from "@mcpkit/schema";

/**
 * Every session-era revision, oldest first.
 *
 * @example
 * ```ts
 * sessionRevisions; // ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
 * ```
 */
export const sessionRevisions: readonly Revision[] = revisions.filter((r) => eraOf(r) === "session");

/**
 * Every stateless-era revision, oldest first.
 *
 * @example
 * ```ts
 * statelessRevisions; // ["2026-07-28"]
 * ```
 */
export const statelessRevisions: readonly Revision[] = revisions.filter((r) => eraOf(r) === "stateless");

/** The newest of a non-empty list of revisions (revision names sort by date). */
export function newestOf(list: readonly Revision[]): Revision {
  const sorted = [...list].sort();
  const newest = sorted[sorted.length - 1];
  if (newest === undefined) throw new RangeError("no revisions to choose from");
  return newest;
}

/**
 * The server's answer to a requested protocol version: the requested one when the server supports
 * it, otherwise its newest supported revision (the client then decides whether it can accept that).
 *
 * @example
 * ```ts
 * negotiateRevision("2025-03-26", ["2025-03-26", "2025-11-25"]); // "2025-03-26"
 * negotiateRevision("2099-01-01", ["2025-03-26", "2025-11-25"]); // "2025-11-25"
 * ```
 */
export function negotiateRevision(requested: unknown, supported: readonly Revision[]): Revision {
  if (isRevision(requested) && supported.includes(requested)) return requested;
  return newestOf(supported);
}

/**
 * Whether JSON-RPC batches are part of a revision (only 2025-03-26 has them).
 *
 * @example
 * ```ts
 * revisionAllowsBatches("2025-03-26"); // true
 * revisionAllowsBatches("2025-06-18"); // false
 * ```
 */
export function revisionAllowsBatches(revision: Revision | undefined): boolean {
  return revision === "2025-03-26";
}

// Every connection of a server checks the same list: keep one sorted copy per list and era.
const checked = { session: new WeakMap(), stateless: new WeakMap() } satisfies Record<
  string,
  WeakMap<readonly Revision[], readonly Revision[]>
>;

/**
 * Checks a list of revisions for one era: non-empty, known, all of that era. Returns it sorted
 * (one copy per list: treat the list as immutable).
 */
export function checkRevisions(list: readonly Revision[], era: "session" | "stateless"): readonly Revision[] {
  const known = checked[era].get(list);
  if (known) return known;
  if (list.length === 0) throw new RangeError(`at least one ${era} revision is needed`);
  for (const r of list) {
    if (!isRevision(r) || eraOf(r) !== era) throw new RangeError(`${String(r)} is not a ${era}-era revision`);
  }
  const sorted = [...list].sort();
  checked[era].set(list, sorted);
  return sorted;
}
