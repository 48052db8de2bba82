import type { Requirement } from "../load/requirements.js";
import type { Json } from "../model/json.js";
import type { RunResult } from "../model/result.js";
import type { Revision, TransportName } from "../model/revisions.js";

/** Where a message was seen: the run (transcript@revision) and the step that was running. */
export interface Sighting {
  transcript: string;
  revision: Revision;
  /** `setup 1`, `step 3`, or a phase of the observe pass such as `tools/list`. */
  step: string;
}

/** One breach of a rule that holds on all traffic, as a rule reports it. */
export interface Breach {
  /** The manifest requirement broken. */
  requirement: string;
  /** What is wrong, in one sentence. */
  detail: string;
  /** The offending message (or raw text). */
  message: Json;
}

/** A requirement broken somewhere in an invocation: its first sighting and how often it was seen. */
export interface InvariantViolation extends Breach, Sighting {
  occurrences: number;
}

/** Transcript id prefix of the results that report invariant violations. */
export const INVARIANT_PREFIX = "invariant/";

/**
 * Every violation of one invocation, kept once per requirement and revision (the first sighting,
 * with a count of the others). Safe to feed from runs executing concurrently.
 */
export class ViolationLedger {
  private readonly byKey = new Map<string, InvariantViolation>();

  constructor(private readonly requirements?: ReadonlyMap<string, Requirement>) {}

  /** True when the manifest says `requirement` applies at `revision` (or the manifest is absent). */
  applies(requirement: string, revision: Revision): boolean {
    const urls = this.requirements?.get(requirement)?.urls;
    return urls === undefined || Object.hasOwn(urls, revision);
  }

  record(breach: Breach, where: Sighting): void {
    if (!this.applies(breach.requirement, where.revision)) return;
    const key = `${breach.requirement}@${where.revision}`;
    const seen = this.byKey.get(key);
    if (seen !== undefined) seen.occurrences += 1;
    else this.byKey.set(key, { ...breach, ...where, occurrences: 1 });
  }

  /** Every violation, ordered by requirement then revision. */
  violations(): InvariantViolation[] {
    return [...this.byKey.values()].sort(
      (a, b) => a.requirement.localeCompare(b.requirement) || a.revision.localeCompare(b.revision),
    );
  }

  /** One failed result per violation, shaped like a transcript run (`invariant/ID@REVISION`). */
  results(transport: TransportName): RunResult[] {
    return this.violations().map((v) => {
      const others = v.occurrences > 1 ? `; seen ${v.occurrences} times in this invocation` : "";
      const title = this.requirements?.get(v.requirement)?.text ?? v.requirement;
      return {
        key: `${INVARIANT_PREFIX}${v.requirement}@${v.revision}`,
        transcript: `${INVARIANT_PREFIX}${v.requirement}`,
        title,
        file: "(invariants)",
        revision: v.revision,
        transport,
        status: "failed",
        verdict: "failed",
        requirements: [v.requirement],
        failure: {
          step: `${v.transcript}@${v.revision} ${v.step}`,
          action: "invariant on a received message",
          reason: `${v.detail} (first seen in ${v.transcript}@${v.revision}, ${v.step}${others})`,
          requirements: [v.requirement],
          actual: v.message,
        },
      };
    });
  }
}
