import { eraOf, type Revision } from "@mcpkit/schema";

/** A list of served revisions, by era. */
export interface EraSplit {
  /** The session-era revisions; undefined when there are none. */
  readonly session: readonly Revision[] | undefined;
  /** The stateless-era revisions; undefined when there are none. */
  readonly stateless: readonly Revision[] | undefined;
  /** Every served revision, newest first (what `server/discover` and -32022 errors list). */
  readonly supportedVersions: readonly string[];
}

// A server hands every connection the same list: split it once, not once per connection.
const splits = new WeakMap<readonly Revision[], EraSplit>();

/** Splits the served revisions by era (cached per list: treat the list as immutable). */
export function splitByEra(served: readonly Revision[]): EraSplit {
  let split = splits.get(served);
  if (!split) {
    const of = (era: "session" | "stateless") => {
      const list = served.filter((r) => eraOf(r) === era);
      return list.length > 0 ? list : undefined;
    };
    split = {
      session: of("session"),
      stateless: of("stateless"),
      supportedVersions: [...served].sort().reverse(),
    };
    splits.set(served, split);
  }
  return split;
}
