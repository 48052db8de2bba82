import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "vitest";
import {
  expectOnlyKnownDeviations,
  officialServer,
  packageDir,
  runConformance,
  shellQuote,
  startListening,
  suiteArgs,
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
    const run = await runConformance(["server", "--stdio", command, ...suiteArgs(file)], 420_000);
    expectOnlyKnownDeviations(run, file, "stdio");
  }, 450_000);
});

// The frameworks' HTTP transports: fastmcp serves Streamable HTTP at /mcp and legacy HTTP+SSE at
// /sse from one process; tmcp's @tmcp/transport-http serves Streamable HTTP (both eras) at /mcp.
const httpRuns = [
  { name: "fastmcp", transport: "http", path: "/mcp" },
  { name: "fastmcp", transport: "sse", path: "/sse" },
  { name: "tmcp", transport: "http", path: "/mcp" },
] as const;

describe.each(httpRuns)(
  "$name over $transport against the mcpkit conformance suite",
  ({ name, transport, path }) => {
    it("shows exactly the documented deviations", async () => {
      const server = await startListening(join(packageDir, `servers/${name}-server.mjs`), ["http"], path);
      try {
        const file = join(packageDir, name, "expected-failures.yaml");
        const run = await runConformance(
          ["server", "--url", server.url, "--transport", transport, ...suiteArgs(file)],
          420_000,
        );
        expectOnlyKnownDeviations(run, file, transport);
      } finally {
        await server.stop();
      }
    }, 450_000);
  },
);
