import { describe, expect, it } from "vitest";
import { defaultWorkloads, runWorkloads } from "../src/run.mjs";
import { QUICK } from "../src/settings.mjs";

// Every workload but install-size, with tiny settings: each contender answers, every number is
// real, and every target is computed against a named contender. Speed itself is not asserted here
// (that is what `pnpm bench` reports).

const CONTENDERS = ["mcpkit", "official 2.x", "official 1.x", "raw baseline"];
const TINY = {
  ...QUICK,
  payloads: ["100 B", "10 KB"],
  inFlights: [1, 4],
  ms: 30,
  httpMs: 40,
  clientCounts: [1, 2],
  sessions: 4,
  coldRuns: 1,
};

const finitePositive = (value) => Number.isFinite(value) && value > 0;

describe("pnpm bench (tiny settings)", () => {
  it("runs every default workload, with each contender, and computes every target", async () => {
    const results = await runWorkloads(defaultWorkloads, TINY);
    expect(Object.keys(results)).toEqual(defaultWorkloads);

    const echo = results["in-process"].rows;
    expect(echo.map((r) => `${r.payload}/${r.inFlight}/${r.contender}`)).toEqual(
      ["100 B", "10 KB"].flatMap((p) => [1, 4].flatMap((n) => CONTENDERS.map((c) => `${p}/${n}/${c}`))),
    );
    for (const row of [...echo, ...results.stdio.rows]) {
      expect(row.ops, `${row.contender} ${row.payload}`).toBeGreaterThan(0);
      expect(finitePositive(row.opsPerSec)).toBe(true);
      expect(finitePositive(row.cpuMicrosPerOp)).toBe(true);
      expect(row.p99Ms).toBeGreaterThanOrEqual(row.p50Ms);
    }
    for (const row of results.http.rows) {
      expect(finitePositive(row.requestsPerSec ?? row.opsPerSec), JSON.stringify(row)).toBe(true);
    }
    expect(new Set(results.http.rows.map((r) => r.contender))).toEqual(new Set(CONTENDERS));

    expect(results.sessions.rows.map((r) => r.contender)).toEqual(CONTENDERS.slice(0, 3));
    for (const row of results.sessions.rows) expect(row.sessions).toBe(4);

    const imports = results["cold-import"].rows;
    expect(imports.length).toBeGreaterThanOrEqual(6);

    const targets = Object.values(results).flatMap((r) => r.targets);
    expect(targets.length).toBeGreaterThanOrEqual(7);
    for (const t of targets) {
      expect(Number.isFinite(t.ratio), t.title).toBe(true);
      expect(t.against, t.title).toMatch(/^(official [12]\.x|raw baseline)$/);
      expect(t.met).toBe(t.better === "higher" ? t.ratio >= t.goal : t.ratio <= t.goal);
    }
  });
});
