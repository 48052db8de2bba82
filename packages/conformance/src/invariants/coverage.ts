import { readFileSync } from "node:fs";
import { listJson } from "../load/requirements.js";
import { isObject } from "../model/json.js";
import { checksRequirement } from "./catalog.js";

/** A requirement as the coverage count needs it: its area, level, side and classification. */
export interface ManifestEntry {
  id: string;
  area: string;
  level: string;
  side: "server" | "client" | "both";
  observable?: boolean;
  notObservable?: { because: string; why: string };
  untestable?: string;
}

/**
 * How a requirement is checked. observable: by an invariant on all traffic; transcripts: not
 * observable, but cited by a transcript; unchecked: not observable and cited by none; untestable:
 * marked untestable; unclassified: none of observable, notObservable, untestable (or more than one).
 */
export type CoverageStatus = "observable" | "transcripts" | "unchecked" | "untestable" | "unclassified";

/**
 * Every coverage status, in the column order of `formatCoverage`.
 * @example
 * COVERAGE_STATUSES.includes("unclassified"); // true
 */
export const COVERAGE_STATUSES: readonly CoverageStatus[] = [
  "observable",
  "transcripts",
  "unchecked",
  "untestable",
  "unclassified",
];

/** The levels of the manifest, strongest first. */
const LEVEL_ORDER = ["MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "best practice"];

/** One requirement with its coverage status. */
export interface CoverageEntry extends ManifestEntry {
  status: CoverageStatus;
  /** For `observable`: whether an invariant rule checks it on its side (see catalog.ts). */
  checked: boolean;
}

/**
 * Reads every area file of a requirements directory (`{area, requirements: [...]}`), skipping the
 * schema and files starting with `_`.
 * @example
 * const entries = loadManifest("conformance/requirements");
 */
export function loadManifest(dir: string): ManifestEntry[] {
  const out: ManifestEntry[] = [];
  for (const file of listJson(dir)) {
    if (file.endsWith(".schema.json")) continue;
    const doc: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!isObject(doc) || !Array.isArray(doc.requirements)) continue;
    const area = typeof doc.area === "string" ? doc.area : "";
    for (const r of doc.requirements) {
      if (!isObject(r) || typeof r.id !== "string") continue;
      const entry: ManifestEntry = {
        id: r.id,
        area,
        level: typeof r.level === "string" ? r.level : "MUST",
        side: r.side === "client" || r.side === "both" ? r.side : "server",
      };
      if (r.observable === true) entry.observable = true;
      if (isObject(r.notObservable))
        entry.notObservable = {
          because: String(r.notObservable.because ?? ""),
          why: String(r.notObservable.why ?? ""),
        };
      if (typeof r.untestable === "string") entry.untestable = r.untestable;
      out.push(entry);
    }
  }
  return out;
}

/** How many of the three classifications a requirement carries. */
export function classifications(entry: ManifestEntry): number {
  return (
    (entry.observable === true ? 1 : 0) +
    (entry.notObservable !== undefined ? 1 : 0) +
    (entry.untestable !== undefined ? 1 : 0)
  );
}

/**
 * The coverage status of every requirement, given the ids some transcript cites.
 * @example
 * const coverage = requirementCoverage(loadManifest("conformance/requirements"), new Set(["base.response.not-both"]));
 */
export function requirementCoverage(
  entries: readonly ManifestEntry[],
  cited: ReadonlySet<string>,
): CoverageEntry[] {
  return entries.map((entry) => {
    let status: CoverageStatus;
    if (classifications(entry) !== 1) status = "unclassified";
    else if (entry.observable === true) status = "observable";
    else if (entry.untestable !== undefined) status = "untestable";
    else status = cited.has(entry.id) ? "transcripts" : "unchecked";
    return { ...entry, status, checked: checksRequirement(entry.id, entry.side) };
  });
}

type Counts = Record<CoverageStatus, number> & { total: number };

function emptyCounts(): Counts {
  return { observable: 0, transcripts: 0, unchecked: 0, untestable: 0, unclassified: 0, total: 0 };
}

function levelIndex(level: string): number {
  const i = LEVEL_ORDER.indexOf(level);
  return i < 0 ? LEVEL_ORDER.length : i;
}

function row(area: string, level: string, counts: Counts): string[] {
  return [area, level, String(counts.total), ...COVERAGE_STATUSES.map((s) => String(counts[s]))];
}

function table(rows: string[][], left: number): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i < left ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join("");
}

/**
 * The coverage table: per area and level, then per level over all areas, how many requirements
 * are checked on all traffic, only by transcripts, by nothing (not observable), untestable and
 * unclassified; then the not-observable ones by reason; then one summary line.
 * @example
 * const text = formatCoverage(requirementCoverage(loadManifest("conformance/requirements"), new Set()));
 */
export function formatCoverage(coverage: readonly CoverageEntry[]): string {
  const byKey = new Map<string, Counts>();
  const add = (key: string, status: CoverageStatus) => {
    const counts = byKey.get(key) ?? emptyCounts();
    counts[status] += 1;
    counts.total += 1;
    byKey.set(key, counts);
  };
  const reasons = new Map<string, Map<string, number>>();
  for (const entry of coverage) {
    add(`${entry.area}\u0000${entry.level}`, entry.status);
    add(`\u0001total\u0000${entry.level}`, entry.status);
    add("\u0001total\u0000\u0001all", entry.status);
    if (entry.notObservable !== undefined && entry.status !== "unclassified") {
      const byLevel = reasons.get(entry.notObservable.because) ?? new Map<string, number>();
      byLevel.set(entry.level, (byLevel.get(entry.level) ?? 0) + 1);
      reasons.set(entry.notObservable.because, byLevel);
    }
  }
  const keys = [...byKey.keys()].sort((a, b) => {
    const [areaA = "", levelA = ""] = a.split("\u0000");
    const [areaB = "", levelB = ""] = b.split("\u0000");
    const totalA = areaA.startsWith("\u0001") ? 1 : 0;
    const totalB = areaB.startsWith("\u0001") ? 1 : 0;
    return (
      totalA - totalB ||
      (areaA < areaB ? -1 : areaA > areaB ? 1 : 0) ||
      levelIndex(levelA) - levelIndex(levelB)
    );
  });
  const header = ["AREA", "LEVEL", "TOTAL", ...COVERAGE_STATUSES.map((s) => s.toUpperCase())];
  const rows = [header];
  for (const key of keys) {
    const [area = "", level = ""] = key.replaceAll("\u0001", "").split("\u0000");
    rows.push(row(area, level, byKey.get(key) as Counts));
  }
  const levels = LEVEL_ORDER.filter((l) => coverage.some((e) => e.level === l));
  const reasonRows = [["NOT OBSERVABLE BECAUSE", ...levels, "total"]];
  for (const because of [...reasons.keys()].sort()) {
    const byLevel = reasons.get(because) as Map<string, number>;
    const total = [...byLevel.values()].reduce((a, b) => a + b, 0);
    reasonRows.push([because, ...levels.map((l) => String(byLevel.get(l) ?? 0)), String(total)]);
  }
  const all = byKey.get("\u0001total\u0000\u0001all") ?? emptyCounts();
  const summary = `requirements: ${all.total}, observable ${all.observable}, transcripts only ${all.transcripts}, unchecked ${all.unchecked}, untestable ${all.untestable}, unclassified ${all.unclassified}\n`;
  return `${table(rows, 2)}\n${table(reasonRows, 1)}\n${summary}`;
}

/**
 * The ids with one status, sorted, one a line.
 * @example
 * const text = listCoverage(requirementCoverage(loadManifest("conformance/requirements"), new Set()), "unclassified");
 */
export function listCoverage(coverage: readonly CoverageEntry[], status: CoverageStatus): string {
  return coverage
    .filter((e) => e.status === status)
    .map((e) => e.id)
    .sort()
    .map((id) => `${id}\n`)
    .join("");
}
