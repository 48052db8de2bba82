import { describe, expect, it } from "vitest";
import { formatTarget } from "../src/lib/targets.mjs";
import { stdioTargets } from "../src/workloads/stdio.mjs";

/** One 100 B row per contender and setting: calls/s and CPU µs per call. */
function rows(byInFlight) {
  return Object.entries(byInFlight).flatMap(([inFlight, contenders]) =>
    Object.entries(contenders).map(([contender, [opsPerSec, cpuMicrosPerOp]]) => ({
      contender,
      payload: "100 B",
      inFlight: Number(inFlight),
      opsPerSec,
      cpuMicrosPerOp,
    })),
  );
}

const measured = rows({
  1: {
    mcpkit: [9_600, 26],
    "raw baseline": [10_000, 25],
    "official 2.x": [3_200, 70],
    "official 1.x": [4_000, 60],
  },
  64: {
    mcpkit: [44_000, 20],
    "raw baseline": [50_000, 18],
    "official 2.x": [8_000, 90],
    "official 1.x": [11_000, 80],
  },
});

describe("the stdio throughput bars", () => {
  it("judge mcpkit against the raw baseline (95% at 1 in flight, 90% at the widest) and show the official ratios beside", () => {
    const [one, widest] = stdioTargets(measured, [1, 64]);
    expect(one).toMatchObject({ against: "raw baseline", goal: 0.95, ratio: 0.96, met: true });
    expect(widest).toMatchObject({ against: "raw baseline", goal: 0.9, ratio: 0.88, met: false });
    expect(formatTarget(one)).toBe(
      "  MET    stdio 100 B echo throughput ≥ 95% of the raw baseline, 1 in flight (latency-bound): 0.96x vs raw baseline (goal ≥ 0.95x; 3.00x vs official 2.x; 2.40x vs official 1.x)",
    );
    expect(formatTarget(widest)).toBe(
      "  MISSED stdio 100 B echo throughput ≥ 90% of the raw baseline, 64 in flight (CPU-bound): 0.88x vs raw baseline (goal ≥ 0.9x; 5.50x vs official 2.x; 4.00x vs official 1.x)",
    );
  });

  it("keep the CPU bar: within 1.3× of the raw baseline at 1 in flight", () => {
    const cpu = stdioTargets(measured, [1, 64])[2];
    expect(cpu).toMatchObject({ against: "raw baseline", goal: 1.3, ratio: 26 / 25, met: true });
  });
});
