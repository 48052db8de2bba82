import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readExpectedFailures, readScenarioResults } from "../lib/results.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function resultsTree(files: Record<string, unknown[]>): string {
  const root = mkdtempSync(join(tmpdir(), "official-results-"));
  dirs.push(root);
  for (const [folder, checks] of Object.entries(files)) {
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, "checks.json"), JSON.stringify(checks));
  }
  return root;
}

const check = (id: string, status: string, errorMessage?: string) => ({ id, status, errorMessage });

describe("readScenarioResults", () => {
  it("names server scenarios without the server- prefix and the timestamp", () => {
    const root = resultsTree({
      "server-tools-list-2026-11-22T08-53-52-479Z": [check("tools-list", "SUCCESS"), check("x", "INFO")],
    });
    expect(readScenarioResults(root, "server")).toEqual([
      {
        scenario: "tools-list",
        passed: 1,
        failures: [],
        skipped: [],
        resultDir: join(root, "server-tools-list-2026-11-22T08-53-52-479Z"),
      },
    ]);
  });

  it("rebuilds nested client names (auth/...) and counts WARNING as a failure, like the baseline", () => {
    const root = resultsTree({
      "auth/metadata-var1-2026-11-22T09-05-36-566Z": [check("prm", "FAILURE", "no PRM request")],
      "sse-retry-2026-11-22T09-05-36-566Z": [
        check("client-sse-graceful-reconnect", "SUCCESS"),
        check("client-sse-last-event-id", "WARNING", "no Last-Event-ID"),
        check("skipped", "SKIPPED"),
      ],
    });
    const results = readScenarioResults(root, "client");
    expect(results.map((r) => [r.scenario, r.passed, r.failures])).toEqual([
      ["auth/metadata-var1", 0, [{ id: "prm", status: "FAILURE", message: "no PRM request" }]],
      ["sse-retry", 1, [{ id: "client-sse-last-event-id", status: "WARNING", message: "no Last-Event-ID" }]],
    ]);
  });

  it("lists the checks the suite skipped apart from passes and failures", () => {
    const root = resultsTree({
      "server-tasks-status-notifications-2026-11-22T09-05-36-566Z": [
        check("tasks-status-notifications", "SKIPPED", "Skipped: pending harness rewrite"),
      ],
    });
    const [result] = readScenarioResults(root, "server");
    expect(result?.passed).toBe(0);
    expect(result?.failures).toEqual([]);
    expect(result?.skipped).toEqual([
      { id: "tasks-status-notifications", message: "Skipped: pending harness rewrite" },
    ]);
  });

  it("finds nothing in a folder the CLI never wrote", () => {
    expect(readScenarioResults(join(tmpdir(), "no-such-official-results"), "server")).toEqual([]);
  });
});

describe("readExpectedFailures", () => {
  it("reads the server and client lists, ignoring comments", () => {
    const text =
      "# baseline\nserver:\n  - tools-list # why\nclient:\n  # auth\n  - auth/metadata-default\n  - 'auth/iss-supported'\n";
    expect(readExpectedFailures(text)).toEqual({
      server: ["tools-list"],
      client: ["auth/metadata-default", "auth/iss-supported"],
    });
  });
});
