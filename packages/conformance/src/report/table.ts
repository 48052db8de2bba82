import { requirementUrl } from "../load/requirements.js";
import type { RunResult } from "../model/result.js";
import type { Report } from "./report.js";

const LABEL: Record<RunResult["verdict"], string> = {
  passed: "pass",
  failed: "FAIL",
  skipped: "skip",
  "expected-failure": "xfail",
  "unexpected-pass": "XPASS",
};

const MAX_JSON = 600;

function clip(text: string): string {
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}… (${text.length} chars)` : text;
}

function pad(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - text.length));
}

/** One row per run, as `formatTable` prints them (also used for progress output). */
export function formatRow(result: RunResult, idWidth = 40): string {
  return `${pad(LABEL[result.verdict], 6)} ${pad(result.transcript, idWidth)} ${pad(result.revision, 11)} ${result.title}`;
}

function requirementLine(report: Report, id: string, revision: string): string {
  const found = report.requirements[id];
  const parts = [id];
  if (found?.level) parts.push(`(${found.level})`);
  const url = requirementUrl(found, revision);
  if (url) parts.push(url);
  return parts.join(" ");
}

/**
 * The human-readable report: a table of runs, then the details of every failure (requirement id,
 * spec link, reason and the first differing message). Does not include the summary line.
 * @example
 * process.stdout.write(formatTable(report));
 */
export function formatTable(report: Report): string {
  const lines: string[] = [];
  lines.push(`mcpkit-conformance: ${report.mode} over ${report.transport}: ${report.target}`);
  if (report.results.length === 0) {
    lines.push("no transcript applies to this mode, transport and filter");
    return `${lines.join("\n")}\n`;
  }
  const idWidth = Math.max(10, ...report.results.map((r) => r.transcript.length));
  lines.push(`${pad("STATUS", 6)} ${pad("TRANSCRIPT", idWidth)} ${pad("REVISION", 11)} TITLE`);
  for (const result of report.results) lines.push(formatRow(result, idWidth));
  const problems = report.results.filter(
    (r) => r.verdict === "failed" || r.verdict === "unexpected-pass" || r.verdict === "expected-failure",
  );
  if (problems.length > 0) lines.push("", "Failures:");
  problems.forEach((result, i) => {
    lines.push("");
    const tag = result.verdict === "expected-failure" ? " [expected failure]" : "";
    lines.push(`${i + 1}) ${result.key} (${result.transport})${tag}: ${result.title}`);
    lines.push(`   file: ${result.file}`);
    if (result.verdict === "unexpected-pass") {
      lines.push("   reason: passed, but it is listed in the expected-failures file: remove the entry");
      return;
    }
    const failure = result.failure;
    if (!failure) return;
    lines.push(`   at: ${failure.step}: ${failure.action}`);
    if (result.level) lines.push(`   level: ${result.level}`);
    for (const id of failure.requirements)
      lines.push(`   requirement: ${requirementLine(report, id, result.revision)}`);
    lines.push(`   reason: ${failure.reason}`);
    if (failure.expected !== undefined) lines.push(`   expected: ${clip(JSON.stringify(failure.expected))}`);
    if (failure.actual !== undefined) lines.push(`   received: ${clip(JSON.stringify(failure.actual))}`);
  });
  const skipped = report.results.filter((r) => r.verdict === "skipped");
  if (skipped.length > 0) {
    lines.push("", "Skipped:");
    for (const result of skipped) lines.push(`   ${result.key}: ${result.skipReason ?? ""}`);
  }
  if (report.summary.expectedFailures > 0) {
    lines.push("", `expected failures: ${report.summary.expectedFailures}`);
  }
  return `${lines.join("\n")}\n`;
}
