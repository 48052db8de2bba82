import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fakeServerCommand, fixtures, runCli, suiteDir } from "./helpers/cli.js";

const out = () => mkdtempSync(join(tmpdir(), "conformance-out-"));

describe("server mode over stdio against a scripted fake server", () => {
  it("passes every example transcript on every revision it applies to", async () => {
    const run = await runCli(["server", "--stdio", fakeServerCommand("good"), "--transcripts", fixtures]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.last).toBe("conformance: 13 passed, 0 failed");
    expect(run.stdout).toContain(
      "pass   example/ping               2024-11-05  ping is answered with an empty result",
    );
  });

  it("fails with the requirement and the first differing message", async () => {
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("wrong-ping"),
      "--transcripts",
      fixtures,
      "--id",
      "example/ping",
      "--revision",
      "2025-06-18",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      [
        "1) example/ping@2025-06-18 (stdio): ping is answered with an empty result",
        "   file: test/fixtures/ping.json",
        "   at: step 2: expect",
        "   level: MUST",
        "   requirement: example.ping.empty-result",
        "   reason: the response does not match: $.result.pong: expected no such key (exact match), got true",
        '   expected: {"jsonrpc":"2.0","id":7,"result":{}}',
        '   received: {"jsonrpc":"2.0","id":7,"result":{"pong":true}}',
      ].join("\n"),
    );
    // The invariant layer sees the same answer on its own: a ping result must be empty.
    expect(run.stdout).toContain(
      "   reason: a ping answered with a non-empty result (first seen in example/ping@2025-06-18, step 2)\n",
    );
    expect(run.last).toBe("conformance: 0 passed, 2 failed");
  });

  it("turns a hanging server into a bounded failure with a reason", async () => {
    const started = Date.now();
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("hang"),
      "--transcripts",
      fixtures,
      "--id",
      "example/tools-list",
      "--revision",
      "2025-11-25",
      "--step-timeout",
      "1500",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "   reason: no matching message within 1500 ms; nothing unconsumed was received\n",
    );
    expect(Date.now() - started).toBeLessThan(8000);
    expect(run.last).toBe("conformance: 0 passed, 1 failed");
  });

  it("turns a crash into a failure naming the exit code and stderr", async () => {
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("crash"),
      "--transcripts",
      fixtures,
      "--id",
      "example/tools-list",
      "--revision",
      "2025-11-25",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "   reason: the implementation went away before a matching message arrived: the server process exited with code 3; stderr: fake server: boom on tools/list; nothing unconsumed was received\n",
    );
  });

  it("fails a run whose command cannot start at all", async () => {
    const run = await runCli([
      "server",
      "--stdio",
      "/nonexistent/server-binary",
      "--transcripts",
      fixtures,
      "--id",
      "example/ping",
      "--revision",
      "2025-06-18",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "   reason: the opening exchange for 2025-06-18 failed: sent initialize (then notifications/initialized); got: setup: the implementation went away before a matching message arrived: the server process exited with code 127; stderr: sh: 1: /nonexistent/server-binary: not found;",
    );
    expect(run.stdout).toContain("   example/ping@2025-06-18: not run: the opening exchange failed\n");
    expect(run.last).toBe("conformance: 0 passed, 1 failed, 1 skipped");
  });

  it("bounds a whole run by the transcript timeout", async () => {
    const dir = suiteDir({
      "slow.json": {
        id: "slow",
        title: "waits longer than its transcript timeout",
        side: "server",
        requirements: ["r"],
        revisions: ["2025-06-18"],
        timeoutMs: 2500,
        steps: [
          { op: "wait", ms: 5000 },
          { op: "send", message: { jsonrpc: "2.0", id: 1, method: "ping" } },
        ],
      },
    });
    const run = await runCli(["server", "--stdio", fakeServerCommand("good"), "--transcripts", dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("   at: step 2: send\n");
    expect(run.stdout).toContain("   reason: the transcript did not finish within 2500 ms\n");
  });

  it("drops ignored messages and sees unexpected ones with expectNothing", async () => {
    const strict = suiteDir({
      "quiet.json": {
        id: "quiet",
        title: "no log noise after a list",
        side: "server",
        requirements: ["r"],
        revisions: ["2025-06-18"],
        steps: [
          { op: "send", message: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
          { op: "expect", message: { id: 1, result: { tools: { $length: 2 } } } },
          { op: "expectNothing", withinMs: 200, message: { method: "notifications/message" } },
        ],
      },
    });
    const noisy = await runCli(["server", "--stdio", fakeServerCommand("noisy"), "--transcripts", strict]);
    expect(noisy.code).toBe(1);
    expect(noisy.stdout).toContain(
      '   reason: a message arrived that should not have: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"listing"}}\n',
    );
    const tolerant = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("noisy"),
      "--transcripts",
      fixtures,
      "--id",
      "example/tools-list",
    ]);
    expect(tolerant.last).toBe("conformance: 5 passed, 0 failed");
  });

  it("gives identical JSON and JUnit reports on two runs, masking random values", async () => {
    const dir = suiteDir({
      "init.json": {
        id: "init/wrong-version",
        title: "expects a version the server does not answer",
        side: "server",
        requirements: ["lifecycle.version"],
        revisions: ["2025-06-18"],
        setup: "none",
        steps: [
          {
            op: "send",
            message: {
              jsonrpc: "2.0",
              id: 0,
              method: "initialize",
              params: { protocolVersion: "{{revision}}", capabilities: {}, clientInfo: "{{clientInfo}}" },
            },
          },
          {
            op: "expect",
            message: {
              id: 0,
              result: { protocolVersion: "2099-01-01", serverInfo: { version: { $any: true } } },
            },
          },
        ],
      },
    });
    const reports = [];
    for (let i = 0; i < 2; i++) {
      const target = out();
      const run = await runCli([
        "server",
        "--stdio",
        fakeServerCommand("random-info"),
        "--transcripts",
        dir,
        "--json",
        join(target, "report.json"),
        "--junit",
        join(target, "junit.xml"),
      ]);
      expect(run.code).toBe(1);
      reports.push({
        json: readFileSync(join(target, "report.json"), "utf8"),
        junit: readFileSync(join(target, "junit.xml"), "utf8"),
        stdout: run.stdout,
      });
    }
    expect(reports[0]?.json).toBe(reports[1]?.json);
    expect(reports[0]?.junit).toBe(reports[1]?.junit);
    expect(reports[0]?.stdout).toBe(reports[1]?.stdout);
    const report = JSON.parse(reports[0]?.json ?? "{}");
    expect(report.results[0].failure).toEqual({
      step: "step 2",
      action: "expect",
      reason: '$.result.protocolVersion: expected "2099-01-01", got "2025-06-18"'.replace(
        /^/,
        "the response does not match: ",
      ),
      requirements: ["lifecycle.version"],
      expected: { id: 0, result: { protocolVersion: "2099-01-01", serverInfo: { version: { $any: true } } } },
      actual: {
        jsonrpc: "2.0",
        id: 0,
        result: {
          protocolVersion: "2025-06-18",
          capabilities: { tools: {} },
          serverInfo: { name: "fake", version: "<any>" },
        },
      },
      mismatch: '$.result.protocolVersion: expected "2099-01-01", got "2025-06-18"',
    });
  });

  it("honours an expected-failures file, and flags stale entries", async () => {
    const dir = out();
    const expected = join(dir, "expected.yaml");
    writeFileSync(
      expected,
      "# known\nserver:\n  - example/ping@2025-06-18   # wrong ping\n  - invariant/ping.respond@2025-06-18\nclient: []\n",
    );
    const args = ["--transcripts", fixtures, "--id", "example/ping", "--revision", "2025-06-18"];
    const known = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("wrong-ping"),
      ...args,
      "--expected-failures",
      expected,
    ]);
    expect(known.code).toBe(0);
    expect(known.stdout).toContain(
      "xfail  example/ping           2025-06-18  ping is answered with an empty result",
    );
    expect(known.stdout).toContain("\nexpected failures: 2\nconformance: 0 passed, 0 failed\n");
    expect(known.last).toBe("conformance: 0 passed, 0 failed");

    const stale = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("good"),
      ...args,
      "--expected-failures",
      expected,
    ]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("XPASS  example/ping 2025-06-18");
    expect(stale.stdout).toContain(
      "   reason: passed, but it is listed in the expected-failures file: remove the entry",
    );
    expect(stale.last).toBe("conformance: 0 passed, 1 failed");
  });

  it("skips runs whose required capability is missing", async () => {
    const dir = suiteDir({
      "sub.json": {
        id: "resources/subscribe",
        title: "needs resources.subscribe",
        side: "server",
        requirements: ["r"],
        revisions: ["2025-06-18"],
        requires: { resources: { subscribe: true } },
        steps: [{ op: "send", message: { jsonrpc: "2.0", id: 1, method: "ping" } }],
      },
    });
    const run = await runCli(["server", "--stdio", fakeServerCommand("good"), "--transcripts", dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      '   resources/subscribe@2025-06-18: the server lacks a required capability: $.resources: expected {"subscribe":true}, got nothing',
    );
    expect(run.last).toBe("conformance: 0 passed, 0 failed, 1 skipped");
  });

  it("does not run transcripts named in a skip file, and reports them as skipped with the reason", async () => {
    const dir = out();
    const skip = join(dir, "skip.json");
    writeFileSync(
      skip,
      JSON.stringify({
        server: [{ entry: "example/p*@2025-06-18", reason: "the server has no ping fixture" }],
      }),
    );
    // wrong-ping would fail example/ping: skipped, it is never run, so the invocation passes.
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("wrong-ping"),
      "--transcripts",
      fixtures,
      "--id",
      "example/ping",
      "--revision",
      "2025-06-18,2025-11-25",
      "--skip",
      skip,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "   example/ping@2025-06-18: skip list (example/p*@2025-06-18): the server has no ping fixture",
    );
    expect(run.stdout).toContain("1) example/ping@2025-11-25 (stdio)");
    // The run that did go ahead also shows the non-empty ping result to the invariants.
    expect(run.stdout).toContain("2) invariant/ping.respond@2025-11-25 (stdio)");
    expect(run.last).toBe("conformance: 0 passed, 2 failed, 1 skipped");
  });

  it("exits 2 with a clear message on a transcript error or a bad command line", async () => {
    const dir = suiteDir({
      "bad.json": {
        id: "bad",
        title: "t",
        side: "server",
        requirements: ["r"],
        revisions: ["all"],
        steps: [{ op: "nope" }],
      },
    });
    const bad = await runCli(["server", "--stdio", "true", "--transcripts", dir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^mcpkit-conformance: transcript error: .*bad\.json: transcript "bad", step 1 \(nope\): unknown op "nope"/,
    );
    const usage = await runCli(["server", "--url", "ftp://x"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--url must be http(s):// or ws(s)://, got "ftp://x"');
  });
});
