import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  expectedEntries,
  officialServer,
  packageDir,
  runConformance,
  shellQuote,
  transcripts,
} from "./helpers.js";

// Servers nobody here wrote, run over stdio in the suite's default (automatic) mode: every run that
// needs a fixture the server does not list, a capability it does not declare or a revision it does
// not serve is "not applicable"; what fails is a documented deviation (docs/conformance-findings.md,
// "Other third-party servers"), listed in the server's expected-failures.yaml.

const node = shellQuote(process.execPath);
const fsRoot = mkdtempSync(join(tmpdir(), "third-party-fs-"));
writeFileSync(join(fsRoot, "hello.txt"), "hello\n");

const servers = [
  { name: "tmcp", command: `${node} ${shellQuote(join(packageDir, "servers/tmcp-server.mjs"))}` },
  { name: "fastmcp", command: `${node} ${shellQuote(join(packageDir, "servers/fastmcp-server.mjs"))}` },
  { name: "server-memory", command: `${node} ${shellQuote(officialServer("server-memory"))}` },
  {
    name: "server-filesystem",
    command: `${node} ${shellQuote(officialServer("server-filesystem"))} ${shellQuote(fsRoot)}`,
  },
];

describe.each(servers)("$name against the mcpkit conformance suite", ({ name, command }) => {
  it("over stdio shows exactly the documented deviations", async () => {
    const file = join(packageDir, name, "expected-failures.yaml");
    const run = await runConformance(
      [
        "server",
        "--stdio",
        command,
        "--transcripts",
        transcripts,
        "--expected-failures",
        file,
        "--step-timeout",
        "10000",
      ],
      420_000,
    );
    expect(run.code, run.output).toBe(0);
    expect(run.report.summary.failed, run.output).toBe(0);
    const xfail = run.report.results.filter((r) => r.verdict === "expected-failure");
    for (const entry of expectedEntries("stdio", file)) {
      const [id, revision] = (entry.split(":")[0] as string).split("@");
      const hit = xfail.some(
        (r) => r.transcript === id && (revision === undefined || r.key.endsWith(`@${revision}`)),
      );
      expect(hit, `expected-failures entry ${entry} matched no failing run`).toBe(true);
    }
    // The server was really exercised: ping passes on some revision.
    expect(
      run.report.results.some((r) => r.transcript === "server/lifecycle/ping" && r.verdict === "passed"),
    ).toBe(true);
  }, 450_000);
});
