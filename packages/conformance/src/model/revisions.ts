/** Every protocol revision the format knows, oldest first. */
export const REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"] as const;

/** One protocol revision. */
export type Revision = (typeof REVISIONS)[number];

/** The era of a revision: handshake + sessions, or stateless. */
export type Era = "session" | "stateless";

/** The transports a transcript can run over. */
export const TRANSPORTS = ["stdio", "http", "sse", "ws"] as const;

/** One transport name. */
export type TransportName = (typeof TRANSPORTS)[number];

export function eraOf(revision: Revision): Era {
  return revision >= "2026-07-28" ? "stateless" : "session";
}

export function isRevision(value: string): value is Revision {
  return (REVISIONS as readonly string[]).includes(value);
}

const ENTRY = /^(all|session|stateless|(>=|<=|>|<)?(\d{4}-\d{2}-\d{2}))$/;

/** True when `entry` is valid revision-list grammar (docs/conformance-format.md §3). */
export function isRevisionEntry(entry: string): boolean {
  const m = ENTRY.exec(entry);
  return m !== null && (m[3] === undefined || m[2] !== undefined || isRevision(m[3]));
}

/** The known revisions selected by a revision list (union of its entries), oldest first. */
export function selectRevisions(entries: readonly string[]): Revision[] {
  return REVISIONS.filter((revision) => entries.some((entry) => entryMatches(entry, revision)));
}

function entryMatches(entry: string, revision: Revision): boolean {
  if (entry === "all") return true;
  if (entry === "session" || entry === "stateless") return eraOf(revision) === entry;
  const m = ENTRY.exec(entry);
  if (!m || m[3] === undefined) return false;
  const date = m[3];
  switch (m[2]) {
    case ">=":
      return revision >= date;
    case "<=":
      return revision <= date;
    case ">":
      return revision > date;
    case "<":
      return revision < date;
    default:
      return revision === date;
  }
}

/** Which revisions a transport can carry: legacy HTTP+SSE predates the stateless era. */
export function transportSupports(transport: TransportName, revision: Revision): boolean {
  return transport !== "sse" || eraOf(revision) === "session";
}
