import type { Report } from "./report.js";

/**
 * The JSON report: the Report object, pretty-printed. It holds no times or durations, so the same
 * implementation gives byte-identical reports.
 * @example
 * writeFileSync("report.json", formatJson(report));
 */
export function formatJson(report: Report): string {
  // The exchange of a failure holds session ids and other values that vary between runs.
  function replacer(this: unknown, key: string, value: unknown): unknown {
    const holder = this as { step?: unknown; reason?: unknown };
    const isFailure = typeof holder?.step === "string" && typeof holder?.reason === "string";
    return key === "exchange" && isFailure ? undefined : value;
  }
  return `${JSON.stringify(report, replacer, 2)}\n`;
}
