import { type Requirement, requirementUrl } from "../load/requirements.js";
import type { RunResult } from "../model/result.js";
import { levelLine } from "./levels.js";
import type { Report } from "./report.js";
import { summaryLine } from "./report.js";

/** One cell of the requirement matrix: what the runs citing a requirement at a revision found. */
type Cell = "fail" | "xfail" | "pass" | "n/a" | "";

const CELL_TEXT: Record<Cell, string> = { fail: "FAIL", xfail: "xfail", pass: "pass", "n/a": "n/a", "": "" };

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#f4f4f4}td.c{text-align:center;white-space:nowrap}
.fail{background:#f8d0d0}.xfail{background:#f8ecc8}.pass{background:#d6f0d6}.n\\/a{background:#eee;color:#666}
pre{background:#f7f7f7;border:1px solid #ddd;padding:6px;white-space:pre-wrap;word-break:break-all;max-height:30em;overflow:auto}
.level{font-weight:bold}.muted{color:#666}`;

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function anchor(result: RunResult): string {
  return `f-${result.key.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/** Whether a run's outcome speaks about one requirement: a failure only about the ones it names. */
function cellOf(result: RunResult, id: string): Cell {
  const named = result.failure?.requirements ?? result.requirements;
  switch (result.verdict) {
    case "failed":
      return named.includes(id) ? "fail" : "";
    case "unexpected-pass":
      return "fail";
    case "expected-failure":
      return named.includes(id) ? "xfail" : "";
    case "passed":
      return "pass";
    case "skipped":
      return "n/a";
  }
}

const WEIGHT: Cell[] = ["fail", "xfail", "pass", "n/a", ""];

function matrix(report: Report, requirements: ReadonlyMap<string, Requirement> | undefined): string[] {
  const revisions = [...new Set(report.results.map((r) => r.revision))].sort();
  const ids = [...new Set(report.results.flatMap((r) => r.requirements))].sort();
  const head = revisions.map((revision) => `<th>${esc(revision)}<br>${esc(report.transport)}</th>`);
  const out = ["<table>", `<tr><th>requirement</th><th>level</th>${head.join("")}</tr>`];
  for (const id of ids) {
    const found = requirements?.get(id) ?? report.requirements[id];
    const url = requirementUrl(found, revisions[revisions.length - 1] ?? "");
    const name = url ? `<a href="${esc(url)}">${esc(id)}</a>` : esc(id);
    const title = found?.text ? ` title="${esc(found.text)}"` : "";
    let row = `<tr><td${title}>${name}</td><td>${esc(found?.level ?? "")}</td>`;
    for (const revision of revisions) {
      const runs = report.results.filter((r) => r.revision === revision && r.requirements.includes(id));
      const cells = runs.map((r) => cellOf(r, id));
      const cell = WEIGHT.find((w) => cells.includes(w)) ?? "";
      const failing = runs.find((r) => cellOf(r, id) === cell && (cell === "fail" || cell === "xfail"));
      const text = failing ? `<a href="#${anchor(failing)}">${CELL_TEXT[cell]}</a>` : CELL_TEXT[cell];
      row += `<td class="c ${cell}">${text}</td>`;
    }
    out.push(`${row}</tr>`);
  }
  out.push("</table>");
  return out;
}

function failureBlock(report: Report, result: RunResult): string[] {
  const out = [
    `<h3 id="${anchor(result)}">${esc(result.key)} (${esc(result.transport)}): ${esc(result.title)}</h3>`,
  ];
  const tag = result.verdict === "expected-failure" ? " (expected failure)" : "";
  out.push(
    `<p><span class="level">${esc(result.level ?? "")}</span>${tag} <span class="muted">${esc(result.file)}</span></p>`,
  );
  if (result.verdict === "unexpected-pass") {
    out.push("<p>passed, but it is listed in the expected-failures file: remove the entry</p>");
    return out;
  }
  const failure = result.failure;
  if (!failure) return out;
  out.push("<ul>");
  for (const id of failure.requirements) {
    const found = report.requirements[id];
    const url = requirementUrl(found, result.revision);
    const link = url ? ` <a href="${esc(url)}">${esc(url)}</a>` : "";
    const level = found?.level ? ` (${esc(found.level)})` : "";
    const text = found?.text ? `: ${esc(found.text)}` : "";
    out.push(`<li>${esc(id)}${level}${text}${link}</li>`);
  }
  out.push("</ul>");
  out.push(`<p>at ${esc(failure.step)}: ${esc(failure.action)}</p>`, `<p>${esc(failure.reason)}</p>`);
  if (failure.expected !== undefined)
    out.push("<p>expected</p>", `<pre>${esc(JSON.stringify(failure.expected, null, 2))}</pre>`);
  if (failure.actual !== undefined)
    out.push("<p>received</p>", `<pre>${esc(JSON.stringify(failure.actual, null, 2))}</pre>`);
  if (failure.exchange && failure.exchange.length > 0)
    out.push(
      "<p>the exchange (-&gt; sent, &lt;- received)</p>",
      `<pre>${esc(failure.exchange.join("\n"))}</pre>`,
    );
  return out;
}

/**
 * A single-file HTML report, readable offline: the summary, the requirement matrix (one row per
 * requirement the runs cite, one column per revision, each cell linking to the failure it shows),
 * every failure with the rule, reason, expected and received messages and the exchange, and every
 * skipped run with its reason. `requirements` (the manifest) adds levels and texts to every row.
 * @example
 * writeFileSync("report.html", formatHtml(report, requirements));
 */
export function formatHtml(report: Report, requirements?: ReadonlyMap<string, Requirement>): string {
  const title = `mcpkit-conformance: ${report.mode} over ${report.transport}`;
  const out = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${esc(title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${esc(title)}</h1>`,
    `<p>target: <code>${esc(report.target)}</code></p>`,
    `<p><strong>${esc(summaryLine(report))}</strong></p>`,
  ];
  const byLevel = report.summary.failedByLevel;
  if (report.summary.failed > 0 && byLevel) out.push(`<p>${esc(levelLine(byLevel))}</p>`);
  out.push("<h2>Requirements by revision</h2>", ...matrix(report, requirements));
  const problems = report.results.filter(
    (r) => r.verdict === "failed" || r.verdict === "unexpected-pass" || r.verdict === "expected-failure",
  );
  if (problems.length > 0) {
    out.push("<h2>Failures</h2>");
    for (const result of problems) out.push(...failureBlock(report, result));
  }
  const skipped = report.results.filter((r) => r.verdict === "skipped");
  if (skipped.length > 0) {
    out.push(`<h2>Skipped (${skipped.length})</h2>`, "<table><tr><th>run</th><th>reason</th></tr>");
    for (const r of skipped) out.push(`<tr><td>${esc(r.key)}</td><td>${esc(r.skipReason ?? "")}</td></tr>`);
    out.push("</table>");
  }
  out.push("</body></html>");
  return `${out.join("\n")}\n`;
}
