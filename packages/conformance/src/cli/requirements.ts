import { formatCoverage, listCoverage, loadManifest, requirementCoverage } from "../invariants/coverage.js";
import type { LoadedTranscript } from "../model/transcript.js";
import type { CliArgs } from "./args.js";

/**
 * `mcpkit-conformance requirements --coverage | --list STATUS`: how the manifest's requirements
 * are checked. Returns the text to print and the exit code (1 when any requirement is
 * unclassified, so CI can hold the manifest complete).
 * @example
 * const { text, code } = requirementsCommand({ command: "requirements", coverage: true } as CliArgs, "conformance/requirements", []);
 */
export function requirementsCommand(
  args: CliArgs,
  dir: string,
  transcripts: readonly LoadedTranscript[],
): { text: string; code: number } {
  const cited = new Set(transcripts.flatMap((t) => t.transcript.requirements));
  const coverage = requirementCoverage(loadManifest(dir), cited);
  const text = args.list !== undefined ? listCoverage(coverage, args.list) : formatCoverage(coverage);
  return { text, code: coverage.some((e) => e.status === "unclassified") ? 1 : 0 };
}
