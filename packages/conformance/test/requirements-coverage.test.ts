import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./helpers/cli.js";

const root = mkdtempSync(join(tmpdir(), "conformance-coverage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const link = { "2025-06-18": "https://modelcontextprotocol.io/specification/2025-06-18/x" };
function requirement(id: string, level: string, side: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    level,
    side,
    revisions: ["2025-06-18"],
    url: link["2025-06-18"],
    urls: link,
    text: id,
    ...extra,
  };
}

/** A suite with two areas: one of each status, and a requirement marked twice (unclassified). */
function writeSuite(cwd: string, complete: boolean): void {
  const dir = join(cwd, "conformance");
  mkdirSync(join(dir, "requirements"), { recursive: true });
  mkdirSync(join(dir, "transcripts"), { recursive: true });
  const example = [
    requirement("example.ping.empty-result", "MUST", "server", {
      notObservable: { because: "needs-input", why: "only a ping the runner sends shows it" },
    }),
    requirement("example.a", "MUST", "both", { observable: true }),
    requirement("example.b", "SHOULD", "server", {
      notObservable: { because: "over-time", why: "about what happens across restarts" },
    }),
    requirement("example.c", "MUST NOT", "server", { untestable: "nothing on the wire shows it" }),
    requirement("example.d", "best practice", "client", complete ? { untestable: "not shown" } : {}),
  ];
  const other = [
    requirement("other.e", "SHOULD", "server", {
      observable: true,
      ...(complete ? {} : { untestable: "marked twice" }),
    }),
  ];
  writeFileSync(
    join(dir, "requirements", "example.json"),
    JSON.stringify({ area: "example", requirements: example }),
  );
  writeFileSync(
    join(dir, "requirements", "other.json"),
    JSON.stringify({ area: "other", requirements: other }),
  );
  writeFileSync(
    join(dir, "transcripts", "ping.json"),
    JSON.stringify({
      id: "example/ping",
      title: "ping is answered with an empty result",
      side: "server",
      requirements: ["example.ping.empty-result"],
      revisions: ["session"],
      steps: [
        { op: "send", message: { jsonrpc: "2.0", id: 7, method: "ping" } },
        { op: "expect", match: "exact", message: { jsonrpc: "2.0", id: 7, result: {} } },
      ],
    }),
  );
}

describe("mcpkit-conformance requirements --coverage", () => {
  const open = join(root, "open");
  const done = join(root, "done");
  writeSuite(open, false);
  writeSuite(done, true);

  it("counts, per area and level and in total, how each requirement is checked; exit 1 while any is unclassified", async () => {
    const { code, stdout, stderr } = await runCli(["requirements", "--coverage"], open);
    expect(stderr).toBe("");
    expect(stdout.split("\n")).toEqual([
      "AREA     LEVEL          TOTAL  OBSERVABLE  TRANSCRIPTS  UNCHECKED  UNTESTABLE  UNCLASSIFIED",
      "example  MUST               2           1            1          0           0             0",
      "example  MUST NOT           1           0            0          0           1             0",
      "example  SHOULD             1           0            0          1           0             0",
      "example  best practice      1           0            0          0           0             1",
      "other    SHOULD             1           0            0          0           0             1",
      "total    MUST               2           1            1          0           0             0",
      "total    MUST NOT           1           0            0          0           1             0",
      "total    SHOULD             2           0            0          1           0             1",
      "total    best practice      1           0            0          0           0             1",
      "total    all                6           1            1          1           1             2",
      "",
      "NOT OBSERVABLE BECAUSE  MUST  MUST NOT  SHOULD  best practice  total",
      "needs-input                1         0       0              0      1",
      "over-time                  0         0       1              0      1",
      "",
      "requirements: 6, observable 1, transcripts only 1, unchecked 1, untestable 1, unclassified 2",
      "",
    ]);
    expect(code).toBe(1);
  });

  it("exits 0 when every requirement is classified", async () => {
    const { code, last } = await runCli(["requirements", "--coverage"], done);
    expect(last).toBe(
      "requirements: 6, observable 2, transcripts only 1, unchecked 1, untestable 2, unclassified 0",
    );
    expect(code).toBe(0);
  });

  it("lists the ids of one status, one a line", async () => {
    const unclassified = await runCli(["requirements", "--list", "unclassified"], open);
    expect(unclassified.stdout).toBe("example.d\nother.e\n");
    expect(unclassified.code).toBe(1);
    const transcripts = await runCli(
      ["requirements", "--list", "transcripts", "--transcripts", join(done, "conformance", "transcripts")],
      root,
    );
    expect(transcripts.stdout).toBe("example.ping.empty-result\n");
    expect(transcripts.code).toBe(0);
  });

  it("refuses an unknown status and a command without --coverage or --list", async () => {
    const bad = await runCli(["requirements", "--list", "observed"], done);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split("\n")[0]).toBe(
      "mcpkit-conformance: --list is one of observable, transcripts, unchecked, untestable, unclassified",
    );
    const bare = await runCli(["requirements"], done);
    expect(bare.code).toBe(2);
    expect(bare.stderr.split("\n")[0]).toBe(
      "mcpkit-conformance: requirements needs --coverage or --list STATUS",
    );
  });
});
