/** Every protocol revision mcpkit speaks, oldest first. */
export const revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"] as const;

/** A protocol revision, named by its release date. */
export type Revision = (typeof revisions)[number];

/** The newest revision. */
export const latestRevision: Revision = "2026-07-28";

/**
 * How a revision carries state: `session` revisions open with `initialize` and keep a negotiated
 * session; `stateless` revisions carry the protocol version and client capabilities on every request.
 */
export type Era = "session" | "stateless";

const eras: Readonly<Record<Revision, Era>> = {
  "2024-11-05": "session",
  "2025-03-26": "session",
  "2025-06-18": "session",
  "2025-11-25": "session",
  "2026-07-28": "stateless",
};

/**
 * The era of a revision.
 *
 * @example
 * ```ts
 * eraOf("2025-11-25"); // "session"
 * eraOf("2026-07-28"); // "stateless"
 * ```
 */
export function eraOf(revision: Revision): Era {
  return eras[revision];
}

/**
 * Whether a string names a revision mcpkit knows.
 *
 * @example
 * ```ts
 * declare const params: { protocolVersion: string };
 * declare function negotiate(revision: Revision): void;
 * const requested: string = params.protocolVersion;
 * if (isRevision(requested)) negotiate(requested);
 * ```
 */
export function isRevision(value: unknown): value is Revision {
  return typeof value === "string" && (revisions as readonly string[]).includes(value);
}
