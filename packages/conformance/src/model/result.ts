import type { Json } from "./json.js";
import type { Revision, TransportName } from "./revisions.js";

/** Why a run failed: the step, the rule, and the first differing message. */
export interface Failure {
  /** `setup 2` for handshake steps, `step 3` for the transcript's own steps, `run` otherwise. */
  step: string;
  /** The step's op and note, e.g. `expect (tools/list result)`. */
  action: string;
  reason: string;
  /** Requirement ids this failure breaks. */
  requirements: string[];
  /** What the step expected (substituted pattern), when it expected a message. */
  expected?: Json;
  /** The first differing message (wildcard positions masked), when there was one. */
  actual?: Json;
  /** `$.path: expected X, got Y`. */
  mismatch?: string;
  /**
   * The exchange up to the failure, oldest first (the last 40 messages): `-> ` sent, `<- ` received.
   * Kept out of the JSON report (it holds session ids and other values that vary between runs).
   */
  exchange?: string[];
}

/** The outcome of one run before expected failures are applied. */
export type RunStatus = "passed" | "failed" | "skipped";

/** One transcript run for one revision over one transport. */
export interface RunResult {
  /** `transcript-id@revision`. */
  key: string;
  transcript: string;
  title: string;
  file: string;
  revision: Revision;
  transport: TransportName;
  status: RunStatus;
  /** The status after the expected-failures file: "expected-failure" or "unexpected-pass" (stale). */
  verdict: "passed" | "failed" | "skipped" | "expected-failure" | "unexpected-pass";
  requirements: string[];
  failure?: Failure;
  /** A failed run (or unexpected pass): the weightiest level of the rules it breaks. */
  level?: "MUST" | "SHOULD" | "best practice";
  skipReason?: string;
}
