// Server runs over stdio share processes when their transcripts leave no state behind: fewer
// processes, the same verdicts. A failure on a shared process is judged again on a fresh one, and a
// process that talks between runs is not shared.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shareable } from "../src/run/shareable.js";
import type { Transcript } from "../src/model/transcript.js";
import { fakeServerCommand, fixtures, runCli } from "./helpers/cli.js";

/** A file the fake server appends one line to per start. */
function launches(): { file: string; count: () => number } {
  const file = join(mkdtempSync(join(tmpdir(), "conformance-sharing-")), "launches");
  return {
    file,
    count: () => {
      try {
        return readFileSync(file, "utf8").split("\n").filter(Boolean).length;
      } catch {
        return 0;
      }
    },
  };
}

async function runFake(mode: string, extra: string[]) {
  const starts = launches();
  const run = await runCli([
    "server",
    "--stdio",
    `FAKE_LAUNCHES=${starts.file} ${fakeServerCommand(mode)}`,
    "--transcripts",
    fixtures,
    "--jobs",
    "1",
    ...extra,
  ]);
  return { ...run, starts: starts.count() };
}

describe("process sharing over stdio", () => {
  it("runs the 13 example runs on one process per revision, with the report of fresh processes", async () => {
    const shared = await runFake("good", []);
    const fresh = await runFake("good", ["--no-reuse"]);
    expect(shared.code).toBe(0);
    expect(shared.last).toBe("conformance: 13 passed, 0 failed");
    // The same report, but for the first line, which shows the command (its launches file differs).
    const body = (stdout: string) => stdout.slice(stdout.indexOf("\n"));
    expect(body(shared.stdout)).toBe(body(fresh.stdout));
    // Five opening probes, whose processes then serve the 13 runs of their revision, and two
    // observe passes.
    expect(shared.starts).toBe(5 + 2);
    expect(fresh.starts).toBe(5 + 13 + 2);
  });

  it("judges a failure on a shared process again on a fresh one", async () => {
    // Once this server answered a fence ping, it lists no tools: example/tools-list (5 runs) fails
    // on a shared process and passes on a fresh one, and the fresh verdict is the one reported.
    const run = await runFake("fenced-wrong", ["--timing"]);
    expect(run.code).toBe(0);
    expect(run.last).toBe("conformance: 13 passed, 0 failed");
    expect(run.stderr).toContain(
      "stdio: 13 runs on a process a probe or an earlier run opened, 5 processes started for probes and shareable runs; 5 failed on a shared process and ran again on a fresh one\n",
    );
  });

  it("does not share a process that writes between runs", async () => {
    const run = await runFake("chatty", ["--timing"]);
    expect(run.code).toBe(0);
    expect(run.last).toBe("conformance: 13 passed, 0 failed");
    expect(run.stderr).toContain(
      "stdio: 0 runs on a process a probe or an earlier run opened, 18 processes started for probes and shareable runs; 0 failed on a shared process and ran again on a fresh one\n",
    );
    expect(run.starts).toBe(5 + 13 + 2);
  });
});

describe("shareable", () => {
  const base: Transcript = {
    id: "t",
    title: "t",
    side: "server",
    requirements: ["r"],
    revisions: ["all"],
    steps: [
      { op: "send", message: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
      { op: "expect", message: { id: 1 } },
    ],
  };

  it("shares requests that leave no state behind, and waits", () => {
    expect(shareable(base)).toBe(true);
    expect(shareable({ ...base, steps: [...base.steps, { op: "expectNothing", withinMs: 100 }] })).toBe(true);
    expect(shareable({ ...base, steps: [{ op: "send", raw: "{" }] })).toBe(true);
  });

  it("gives a fresh process to a transcript that changes state, ends the connection or says fresh", () => {
    const send = (method: string, params: Record<string, unknown> = {}) =>
      ({
        ...base,
        steps: [{ op: "send", message: { jsonrpc: "2.0", id: 1, method, params } }],
      }) as Transcript;
    expect(shareable(send("logging/setLevel", { level: "debug" }))).toBe(false);
    expect(shareable(send("resources/subscribe", { uri: "x" }))).toBe(false);
    expect(shareable(send("tasks/list"))).toBe(false);
    expect(shareable(send("tools/call", { name: "x", task: {} }))).toBe(false);
    expect(shareable(send("initialize"))).toBe(false);
    expect(shareable({ ...base, fresh: true })).toBe(false);
    expect(shareable({ ...base, setup: "none" })).toBe(false);
    expect(shareable({ ...base, steps: [{ op: "close" }] })).toBe(false);
    expect(shareable({ ...base, steps: [{ op: "send", raw: "{", newline: false }] })).toBe(false);
    expect(shareable({ ...base, needs: ["authToken"] })).toBe(false);
    // A step of another transport does not run over stdio.
    expect(
      shareable({
        ...base,
        steps: [...base.steps, { op: "http", transports: ["http"], request: { method: "DELETE" } }],
      }),
    ).toBe(true);
  });
});

describe("generic pagination of every list", () => {
  it("follows the first nextCursor of prompts/list, resources/list and resources/templates/list", async () => {
    const suite = new URL("../../../conformance/transcripts", import.meta.url).pathname;
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("paged"),
      "--transcripts",
      suite,
      "--id",
      "server/generic/*-list-next-page",
      "--revision",
      "2025-11-25",
    ]);
    expect(run.code, run.stdout).toBe(0);
    for (const id of ["prompts", "resources", "resource-templates"])
      expect(run.stdout).toContain(`pass   server/generic/${id}-list-next-page `);
    // This server lists its tools on one page: nothing to follow there.
    expect(run.stdout).toContain(
      "   server/generic/tools-list-next-page@2025-11-25: not applicable: the first page of tools/list has no nextCursor\n",
    );
    expect(run.last).toBe("conformance: 3 passed, 0 failed, 1 skipped");
  });
});
