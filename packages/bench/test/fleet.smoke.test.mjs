import { describe, expect, it } from "vitest";
import { runWorkloads } from "../src/run.mjs";
import { QUICK } from "../src/settings.mjs";

// The fleet workload with tiny settings (it starts its own redis-server and node processes): every
// configuration of both eras answers, and the Redis commands per request are counted.

describe("pnpm bench -- --only fleet (tiny settings)", () => {
  it("measures one node, one node on Redis and three nodes on Redis, both eras", async () => {
    const { fleet } = await runWorkloads(["fleet"], { ...QUICK, reps: 1, httpMs: 40, clientCounts: [2] });
    expect(fleet.rows.map((r) => `${r.era} ${r.config}`)).toEqual([
      "2025-11-25 1 node",
      "2025-11-25 1 node + Redis",
      "2025-11-25 3 nodes + Redis",
      "2026-07-28 1 node",
      "2026-07-28 1 node + Redis",
      "2026-07-28 3 nodes + Redis",
    ]);
    for (const row of fleet.rows) {
      expect(row.error, `${row.era} ${row.config}`).toBeUndefined();
      expect(row.opsPerSec).toBeGreaterThan(0);
      expect(row.p99Ms).toBeGreaterThanOrEqual(row.p50Ms);
      expect(Number.isFinite(row.redisPerRequest)).toBe(true);
    }
    expect(fleet.targets.map((t) => t.title)).toEqual([
      "fleet 2025-11-25: 1 node + Redis requests/s ≥ 0.5× 1 node",
      "fleet 2025-11-25: Redis round trips per request (3 nodes) ≤ 2",
      "fleet 2026-07-28: 1 node + Redis requests/s ≥ 0.5× 1 node",
      "fleet 2026-07-28: Redis round trips per request (3 nodes) ≤ 1",
    ]);
    for (const t of fleet.targets)
      expect(t.met).toBe(t.better === "higher" ? t.ratio >= t.goal : t.ratio <= t.goal);
  });
});
