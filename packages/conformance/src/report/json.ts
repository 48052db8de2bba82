import type { Report } from "./report.js";

/**
 * The JSON report: the Report object, pretty-printed. It holds no times or durations, so the same
 * implementation gives byte-identical reports.
 * @example
 * writeFileSync("report.json", formatJson(report));
 */
export function formatJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
