import type { Requirement } from "../load/requirements.js";
import type { RunResult } from "../model/result.js";
import { type Era, type Revision, type TransportName, eraOf } from "../model/revisions.js";
import type { Transcript } from "../model/transcript.js";
import { Inbox } from "../run/inbox.js";
import type { Wire } from "../wire/wire.js";
import { OBSERVE_ID, observePass } from "./observe-pass.js";
import { Invariants, type RunObserver } from "./observer.js";

/** The observe pass as a transcript, for the wire factory (it has no steps of its own). */
export function observeTranscript(revision: Revision): Transcript {
  return {
    id: OBSERVE_ID,
    title: "the observe pass: list, read and get everything, for the invariants",
    side: "server",
    requirements: [],
    revisions: [revision],
    steps: [],
  };
}

function globMatches(pattern: string, value: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${source}$`).test(value);
}

/** What an invocation needs to run its invariants. */
export interface InvariantSetup {
  requirements?: ReadonlyMap<string, Requirement> | undefined;
  transport: TransportName;
  /** `--id` filters: the observe pass runs when there are none or one matches `invariants/observe`. */
  ids?: readonly string[] | undefined;
  /** `--requirement` filters: only violations of matching requirements are reported. */
  requirementFilters?: readonly string[] | undefined;
  /** Who is under test (default server); a client gets no observe pass. */
  side?: "server" | "client";
}

/**
 * The invariant layer of one server-mode invocation: an observer per transcript run, the observe
 * pass per revision, and the violations as failed results at the end.
 * @example
 * const layer = new InvariantLayer({ transport: "stdio" });
 * const observer = layer.observer("server/tools/list", "2025-11-25", {});
 */
export class InvariantLayer {
  readonly invariants: Invariants;

  constructor(private readonly setup: InvariantSetup) {
    this.invariants = new Invariants(setup.requirements);
  }

  observer(
    transcript: string,
    revision: Revision,
    clientCapabilities: Transcript["clientCapabilities"],
  ): RunObserver {
    return this.invariants.forRun({
      transcript,
      revision,
      transport: this.setup.transport,
      clientCapabilities: clientCapabilities ?? {},
      side: this.setup.side ?? "server",
    });
  }

  /**
   * Runs the observe pass once per era, at its newest revision of `revisions` that is not blocked
   * (not applicable or not run), then returns
   * one failed result per violation seen in the whole invocation.
   */
  async finish(
    revisions: readonly Revision[],
    /** Revisions the opening probe found the server does not serve (no observe pass there). */
    blocked: (revision: Revision) => boolean,
    createWire: (transcript: Transcript, revision: Revision, inbox: Inbox) => Wire,
    timeouts: { stepTimeoutMs: number; runTimeoutMs: number },
  ): Promise<RunResult[]> {
    const ids = this.setup.ids;
    const server = this.setup.side !== "client";
    if (server && (ids === undefined || ids.some((id) => globMatches(id, OBSERVE_ID)))) {
      // Once per era, at the newest revision the invocation runs in it (as the opening probe).
      const newest = new Map<Era, Revision>();
      for (const revision of revisions) {
        if (blocked(revision)) continue;
        const seen = newest.get(eraOf(revision));
        if (seen === undefined || revision > seen) newest.set(eraOf(revision), revision);
      }
      // The eras' passes are independent: they run at once.
      await Promise.all(
        [...newest.values()].sort().map((revision) =>
          observePass({
            revision,
            wire: createWire(observeTranscript(revision), revision, new Inbox()),
            observer: this.observer(OBSERVE_ID, revision, {}),
            ...timeouts,
          }),
        ),
      );
    }
    const filters = this.setup.requirementFilters;
    return this.invariants
      .results(this.setup.transport)
      .filter(
        (r) => filters === undefined || r.requirements.some((id) => filters.some((f) => globMatches(f, id))),
      );
  }
}
