// Failures are counted by the level of the rule they break; only MUST failures fail the exit code
// unless --fail-on asks for more.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { fakeServerCommand, runCli, suiteDir } from "./helpers/cli.js";

const manifest = resolve(import.meta.dirname, "../../../conformance/requirements");

/**
 * A transcript that fails against a correct server (it expects `{"pong": true}` where ping rightly
 * answers `{}`), so no invariant fires and the failure counts at the level it cites.
 */
function pingCiting(id: string, requirement: string) {
  return {
    id,
    title: `exact ping result, citing ${requirement}`,
    side: "server",
    requirements: [requirement],
    revisions: ["2025-11-25"],
    steps: [
      { op: "send", message: { jsonrpc: "2.0", id: 3, method: "ping" } },
      { op: "expect", match: "exact", message: { jsonrpc: "2.0", id: 3, result: { pong: true } } },
    ],
  };
}

/** The same transcript expecting the right answer: it passes against a correct server. */
function pingPassing(id: string) {
  return {
    ...pingCiting(id, "base.jsonrpc.method-not-found"),
    steps: [
      { op: "send", message: { jsonrpc: "2.0", id: 3, method: "ping" } },
      { op: "expect", match: "exact", message: { jsonrpc: "2.0", id: 3, result: {} } },
    ],
  };
}

describe("failure levels", () => {
  const should = suiteDir({
    "levels.json": [
      pingCiting("x/should", "roots.server-respect-boundaries"),
      pingCiting("x/best-practice", "security.host.loopback"),
    ],
  });
  const args = (suite: string) => [
    "server",
    "--stdio",
    fakeServerCommand("good"),
    "--transcripts",
    suite,
    "--requirements",
    manifest,
  ];

  it("shows each failure's level and counts them apart; SHOULD and best practice do not fail the exit code", async () => {
    const run = await runCli(args(should));
    expect(run.stdout).toContain(
      ") x/should@2025-11-25 (stdio): exact ping result, citing roots.server-respect-boundaries\n",
    );
    expect(run.stdout).toContain("   level: SHOULD\n");
    expect(run.stdout).toContain("   level: best practice\n");
    expect(run.stdout).toContain(
      "failed by level: 0 MUST, 1 SHOULD, 1 best practice\nconformance: 0 passed, 2 failed\n",
    );
    expect(run.code).toBe(0);
  });

  it("fails the exit code for SHOULD with --fail-on should, and for everything with best-practice", async () => {
    expect((await runCli([...args(should), "--fail-on", "should"])).code).toBe(1);
    const only = suiteDir({ "bp.json": pingCiting("x/best-practice", "security.host.loopback") });
    expect((await runCli([...args(only), "--fail-on", "should"])).code).toBe(0);
    expect((await runCli([...args(only), "--fail-on", "best-practice"])).code).toBe(1);
  });

  it("fails the exit code for a MUST failure by default", async () => {
    const must = suiteDir({ "must.json": pingCiting("x/must", "base.jsonrpc.method-not-found") });
    const run = await runCli(args(must));
    expect(run.stdout).toContain("   level: MUST\n");
    expect(run.stdout).toContain("failed by level: 1 MUST, 0 SHOULD, 0 best practice\n");
    expect(run.code).toBe(1);
  });

  it("refuses an unknown --fail-on level", async () => {
    const run = await runCli(["server", "--stdio", "x", "--fail-on", "may"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("mcpkit-conformance: --fail-on is must, should or best-practice\n");
  });
});

describe("--jobs", () => {
  it("runs several at once and reports exactly what one at a time reports, in the same order", async () => {
    const suite = suiteDir({
      "many.json": ["a", "b", "c", "d", "e"].map((name) => pingPassing(`x/${name}`)),
    });
    const base = [
      "server",
      "--stdio",
      fakeServerCommand("good"),
      "--transcripts",
      suite,
      "--requirements",
      manifest,
    ];
    const one = await runCli([...base, "--jobs", "1"]);
    const four = await runCli([...base, "--jobs", "4"]);
    expect(one.last).toBe("conformance: 5 passed, 0 failed");
    expect(four.stdout).toBe(one.stdout);
    expect((await runCli([...base, "--jobs", "0"])).stderr).toContain(
      "mcpkit-conformance: --jobs needs a positive number\n",
    );
  });

  it("prints the wall-clock time with --timing, on stderr only", async () => {
    const suite = suiteDir({ "one.json": pingPassing("x/one") });
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("good"),
      "--transcripts",
      suite,
      "--jobs",
      "3",
      "--timing",
    ]);
    // The total, how many runs shared a process, then the slowest runs (the probe, the run, the
    // observe pass): where the time went.
    expect(run.stderr).toMatch(
      new RegExp(
        [
          "^mcpkit-conformance: 1 run in \\d+\\.\\d s with --jobs 3",
          "stdio: 1 runs on a process a probe or an earlier run opened, 1 processes started for probes and shareable runs; 0 failed on a shared process and ran again on a fresh one",
          "slowest runs \\(of \\d+\\.\\d s spent in runs\\):",
          "(  +\\d+\\.\\d\\d s  (x/one@2025-11-25|\\(opening probes\\)|\\(invariants: observe pass\\))\n){3}$",
        ].join("\n"),
      ),
    );
    expect(run.last).toBe("conformance: 1 passed, 0 failed");
  });
});
