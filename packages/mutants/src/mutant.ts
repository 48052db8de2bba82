import type { Assembly, TransportKind } from "@mcpkit/reference";

/** Which transcripts a mutant is checked against: a small, fast subset of the suite. */
export interface TranscriptSubset {
  /** The transport the runner drives the mutant over (stdio needs no port: prefer it). */
  readonly transport: TransportKind;
  /** Transcript ids (`--id`), `*` wildcards allowed. */
  readonly ids: readonly string[];
  /** Revisions (`--revision`), e.g. `2025-11-25` or `stateless`. */
  readonly revisions: readonly string[];
}

/**
 * The reference everything-server with exactly one defect. `inject` receives the reference's own
 * {@link Assembly} (definition, transport, security) and returns it with the defect in place.
 */
export interface ServerMutant {
  readonly name: string;
  /** One line: what is wrong with this server. */
  readonly defect: string;
  /** Transports on which the defect exists (elsewhere the mutant behaves like the reference). */
  readonly transports: readonly TransportKind[];
  /** The transcripts expected to catch it. */
  readonly subset: TranscriptSubset;
  readonly inject: (assembly: Assembly) => Assembly;
}

/** One line between the client under test and the runner, as JSON (or raw text when it is not JSON). */
export type Line = unknown;

/**
 * The reference conformance client with exactly one defect, injected by rewriting the
 * newline-delimited JSON on its stdio connection (the client only ever speaks through it).
 */
export interface ClientMutant {
  readonly name: string;
  readonly defect: string;
  readonly transports: readonly ["stdio"];
  readonly subset: TranscriptSubset;
  /** Rewrites a message the client sends; an empty array drops it. */
  readonly outbound?: (message: Line) => Line[];
  /** Rewrites a message the client receives; an empty array drops it. */
  readonly inbound?: (message: Line) => Line[];
}
