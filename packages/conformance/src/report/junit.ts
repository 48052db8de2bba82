import { requirementUrl } from "../load/requirements.js";
import type { RunResult } from "../model/result.js";
import type { Report } from "./report.js";

/** XML-escapes text and drops the control characters XML 1.0 cannot carry. */
function xmlEscape(text: string): string {
  let clean = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) clean += char;
  }
  return clean.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function details(report: Report, result: RunResult): string {
  const failure = result.failure;
  if (!failure) return "";
  const lines = [`at: ${failure.step}: ${failure.action}`];
  for (const id of failure.requirements) {
    const found = report.requirements[id];
    lines.push(
      `requirement: ${[id, found?.level, requirementUrl(found, result.revision)].filter(Boolean).join(" ")}`,
    );
  }
  lines.push(`reason: ${failure.reason}`);
  if (failure.expected !== undefined) lines.push(`expected: ${JSON.stringify(failure.expected)}`);
  if (failure.actual !== undefined) lines.push(`received: ${JSON.stringify(failure.actual)}`);
  return lines.join("\n");
}

function testcase(report: Report, result: RunResult): string {
  const open = `    <testcase classname="${xmlEscape(result.transcript)}" name="${xmlEscape(`${result.key} [${result.transport}]`)}"`;
  switch (result.verdict) {
    case "passed":
      return `${open}/>`;
    case "skipped":
      return `${open}>\n      <skipped message="${xmlEscape(result.skipReason ?? "skipped")}"/>\n    </testcase>`;
    case "expected-failure":
      return `${open}>\n      <skipped message="${xmlEscape(`expected failure: ${result.failure?.reason ?? ""}`)}"/>\n    </testcase>`;
    case "unexpected-pass":
      return `${open}>\n      <failure message="passed, but listed in the expected-failures file" type="unexpected-pass"/>\n    </testcase>`;
    case "failed":
      return `${open}>\n      <failure message="${xmlEscape(result.failure?.reason ?? "failed")}" type="${xmlEscape(
        result.failure?.step ?? "run",
      )}">${xmlEscape(details(report, result))}</failure>\n    </testcase>`;
  }
}

/**
 * JUnit XML for CI: one testsuite for the invocation, one testcase per run. Expected failures are
 * reported as skipped, stale expected-failure entries as failures. No timestamps (deterministic).
 * @example
 * writeFileSync("junit.xml", formatJunit(report));
 */
export function formatJunit(report: Report): string {
  const { passed, failed, skipped, expectedFailures } = report.summary;
  const total = passed + failed + skipped + expectedFailures;
  const suite = `${report.mode}/${report.transport}`;
  const counts = `tests="${total}" failures="${failed}" errors="0" skipped="${skipped + expectedFailures}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcpkit-conformance" ${counts}>`,
    `  <testsuite name="${xmlEscape(suite)}" ${counts}>`,
    ...report.results.map((result) => testcase(report, result)),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
