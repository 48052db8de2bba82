import { describe, expect, it } from "vitest";
import { runWorkloads } from "../src/run.mjs";
import { QUICK } from "../src/settings.mjs";

// The numbers are what `pnpm bench -- --only conformance-stdio` reports; here only that they are
// real: the runner passed everything it ran, and the budget is judged on the measured time.
describe("pnpm bench --only conformance-stdio", () => {
  it("times the conformance server suite against the reference over stdio and judges the 30 s budget", async () => {
    const { "conformance-stdio": result } = await runWorkloads(["conformance-stdio"], QUICK);
    expect(result.rows.map((r) => r.variant)).toEqual(["shared processes (default)"]);
    const [row] = result.rows;
    expect(row.seconds).toBeGreaterThan(0);
    expect(row.passed).toBeGreaterThan(0);
    expect(row.reused).toBeGreaterThan(0);
    expect(row.started).toBeGreaterThan(0);
    const [budget] = result.targets;
    expect(budget.title).toBe("the full server suite over stdio, both eras, in < 30 s (--quick: tools only)");
    expect(budget.ratio).toBe(row.seconds / 30);
    expect(budget.met).toBe(row.seconds < 30);
  });
});
