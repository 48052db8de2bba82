import { describe, expect, it } from "vitest";
import { formatTarget, target } from "../src/lib/targets.mjs";

describe("target", () => {
  it("compares against the most favourable contender and shows the raw baseline's own ratio", () => {
    const t = target({
      title: "throughput ≥ 3× official",
      ours: 14_000,
      theirs: { "official 2.x": 5_000, "official 1.x": 7_000 },
      better: "higher",
      goal: 3,
      ceiling: 15_400,
    });
    expect(t).toEqual({
      title: "throughput ≥ 3× official",
      goal: 3,
      better: "higher",
      against: "official 1.x",
      ratio: 2,
      met: false,
      ceilingRatio: 2.2,
    });
    expect(formatTarget(t)).toBe(
      "  MISSED throughput ≥ 3× official: 2.00x vs official 1.x (goal ≥ 3x; the raw baseline: 2.20x)",
    );
  });

  it("picks the lowest for lower-is-better metrics and prints no ceiling without one", () => {
    const t = target({ title: "CPU", ours: 65, theirs: { "raw baseline": 60 }, better: "lower", goal: 1.3 });
    expect(t.met).toBe(true);
    expect(formatTarget(t)).toBe("  MET    CPU: 1.08x vs raw baseline (goal ≤ 1.3x)");
  });
});
