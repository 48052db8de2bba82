/**
 * Where our schema deliberately differs from the upstream `schema.json` export. Upstream generates
 * its JSON from the specification's TypeScript and loses information on the way; where that
 * matters to a real peer we follow the TypeScript. `scripts/diff-reference.ts` reports these as
 * expected; anything else that differs is a bug on one side.
 */
export interface Divergence {
  readonly definition: string;
  /** The revisions where it applies (all revisions that have the definition when left out). */
  readonly revisions?: readonly string[];
  readonly reason: string;
}

export const divergences: readonly Divergence[] = [
  {
    definition: "JSONValue",
    reason: "the specification's JSONValue includes null and non-integer numbers; the JSON export lost both",
  },
  {
    definition: "ElicitResult",
    reason:
      "elicitation answers may be non-integer numbers (NumberSchema allows type number); the export says integer",
  },
  ...["MetaObject", "RequestMetaObject", "ResultMetaObject", "NotificationMetaObject"].map((definition) => ({
    definition,
    revisions: ["2026-07-28"],
    reason:
      "_meta objects keep the specification's index signature (open in our types; the wire is unchanged)",
  })),
  {
    definition: "SubscriptionsListenResultMetaObject",
    revisions: ["2026-07-28"],
    reason: "extends ResultMetaObject, so it is open too",
  },
];

/** The divergence that explains a difference in one definition of one revision, if any. */
export function divergenceFor(revision: string, definition: string): Divergence | undefined {
  return divergences.find(
    (d) => d.definition === definition && (d.revisions === undefined || d.revisions.includes(revision)),
  );
}
