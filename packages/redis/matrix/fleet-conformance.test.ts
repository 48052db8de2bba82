import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Our conformance runner, every transcript and revision, against a fleet of three real
// everything-server processes on one real redis-server, behind a round-robin proxy that spreads
// every request (POST, GET, DELETE) over them (scripts/conformance-fleet.mjs). Streamable HTTP
// only: the fleet does not serve the legacy HTTP+SSE transport (docs/deploy.md says why).

const root = fileURLToPath(new URL("../../..", import.meta.url));

interface Report {
  readonly summary: { passed: number; failed: number; skipped: number; expectedFailures: number };
  readonly results: readonly { transcript: string; revision: string; status: string }[];
}

function runFleetConformance(jsonPath: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/conformance-fleet.mjs", "--json", jsonPath], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

describe("our conformance runner against a fleet of three on Redis", () => {
  it("passes every transcript of every revision: no failure, no expected failure", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcpkit-fleet-conformance-"));
    try {
      const jsonPath = join(dir, "report.json");
      const { code, output } = await runFleetConformance(jsonPath);
      const report = JSON.parse(readFileSync(jsonPath, "utf8")) as Report;
      const failed = report.results
        .filter((r) => r.status === "failed")
        .map((r) => `${r.transcript}@${r.revision}`);
      expect(failed, output.slice(-4000)).toEqual([]);
      expect(report.summary.failed).toBe(0);
      expect(report.summary.expectedFailures).toBe(0);
      expect(report.summary.passed).toBeGreaterThan(300);
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
