import type { Requirement } from "../load/requirements.js";
import type { RunResult } from "../model/result.js";
import type { TransportName } from "../model/revisions.js";

/** The whole outcome of one invocation; serialised as the JSON report. Deterministic: no times. */
export interface Report {
  format: "mcpkit-conformance-report/1";
  mode: "server" | "client";
  transport: TransportName;
  /** The command or URL under test, as given. */
  target: string;
  summary: {
    passed: number;
    failed: number;
    skipped: number;
    expectedFailures: number;
    /** Failed runs (and unexpected passes) by the level of the rule they break. */
    failedByLevel?: { MUST: number; SHOULD: number; "best practice": number };
  };
  results: RunResult[];
  /** Every requirement cited by a failure, with its level and spec link when the manifest has them. */
  requirements: Record<string, Requirement>;
}

/** The exact last line the CLI prints. */
export function summaryLine(report: Report): string {
  const { passed, failed, skipped } = report.summary;
  return `conformance: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
}
