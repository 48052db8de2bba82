import { describe, expect, it } from "vitest";
import { runWorkloads } from "../src/run.mjs";
import { QUICK } from "../src/settings.mjs";

// The numbers are what `pnpm bench -- --only cli-startup` reports; here only that they are real.
describe("pnpm bench --only cli-startup", () => {
  it("times mcpkit --help and --version against a bare node process, and judges the 150 ms budget", async () => {
    const { "cli-startup": result } = await runWorkloads(["cli-startup"], { ...QUICK, coldRuns: 1 });
    expect(result.rows.map((r) => r.command)).toEqual([
      "mcpkit --help",
      "mcpkit --version",
      "node -e 0 (bare)",
    ]);
    for (const row of result.rows) expect(row.wallMs).toBeGreaterThan(0);
    const [budget] = result.targets;
    expect(budget.title).toBe("mcpkit --help starts in ≤ 150 ms");
    expect(budget.ratio).toBe(result.rows[0].wallMs / 150);
    expect(budget.met).toBe(budget.ratio <= 1);
  });
});
