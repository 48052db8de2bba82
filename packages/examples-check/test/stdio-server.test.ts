import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, type ClientMode } from "@mcpkit/client";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { afterEach, describe, expect, it } from "vitest";
import { root } from "./processes.js";

// The command of examples/stdio-server/README.md, as an MCP host would launch it.
const launch = () =>
  new StdioClientTransport({
    command: "pnpm",
    args: ["--silent", "--filter", "@mcpkit/example-stdio-server", "start"],
    cwd: root,
    stderr: "ignore",
    stdinGraceMs: 15_000, // pnpm and tsx wind down after the server exits on its closed stdin
  });

describe("examples/stdio-server, launched by its documented command", () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it.each([
    ["stateless", "2026-07-28"],
    ["session", "2025-11-25"],
  ] as const)(
    "serves a %s client: lists its tools, adds, counts down with progress",
    async (mode, revision) => {
      client = new Client({
        clientInfo: { name: "examples-check", version: "1.0.0" },
        mode: mode as ClientMode,
      });
      await client.connect(launch);
      expect([client.revision, client.serverInfo?.name]).toEqual([revision, "stdio-example"]);

      const tools = await client.listTools();
      expect(tools.map((tool) => `${tool.name}: ${tool.description}`)).toEqual([
        "add: Adds two numbers",
        "countdown: Counts down from `from` (1 to 10), reporting progress each step",
      ]);

      const sum = await client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
      expect(sum.content).toEqual([{ type: "text", text: "5" }]);

      const reports: string[] = [];
      const countdown = await client.callTool(
        { name: "countdown", arguments: { from: 3 } },
        { onProgress: ({ progress, total, message }) => reports.push(`${progress}/${total} ${message}`) },
      );
      expect(countdown.content).toEqual([{ type: "text", text: "Counted down from 3. Liftoff!" }]);
      expect(reports).toEqual(["0/3 3 to go", "1/3 2 to go", "2/3 1 to go", "3/3 liftoff"]);

      const invalid = await client.callTool({ name: "countdown", arguments: { from: 11 } });
      // Arguments are checked against the tool's inputSchema before the handler runs.
      expect([invalid.isError, invalid.content]).toEqual([
        true,
        [{ type: "text", text: "Invalid arguments for tool countdown: /from must be <= 10" }],
      ]);
    },
  );

  it("starts from an MCP host's configuration in its README, from another directory", async () => {
    client = new Client({ clientInfo: { name: "examples-check", version: "1.0.0" } });
    // "command": "pnpm", "args": ["--silent", "--dir", "/path/to/mcpkit/examples/stdio-server", "start"]
    await client.connect(
      () =>
        new StdioClientTransport({
          command: "pnpm",
          args: ["--silent", "--dir", join(root, "examples/stdio-server"), "start"],
          cwd: tmpdir(),
          stderr: "ignore",
          stdinGraceMs: 15_000,
        }),
    );
    const sum = await client.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    expect([client.serverInfo?.name, sum.content]).toEqual(["stdio-example", [{ type: "text", text: "2" }]]);
  });
});
