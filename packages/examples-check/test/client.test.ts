import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Client, type ClientMode } from "@mcpkit/client";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterEach, describe, expect, it } from "vitest";
import { type Running, root, run, startServer } from "./processes.js";

/** `pnpm --silent --filter @mcpkit/example-client start ARGS`, as its README says. */
const client = (...args: string[]) =>
  run("pnpm", ["--silent", "--filter", "@mcpkit/example-client", "start", ...args]);

const everythingServer = resolve(root, "packages/reference/dist/everything-server.js");
const referenceVersion = (
  JSON.parse(readFileSync(resolve(root, "packages/reference/package.json"), "utf8")) as { version: string }
).version;

/** The reference's tools as the client example prints them, listed by our own client (in `mode`: tools differ by era). */
async function referenceTools(url: string, mode: ClientMode): Promise<string[]> {
  const lister = new Client({ clientInfo: { name: "examples-check", version: "1.0.0" }, mode });
  await lister.connect(new StreamableHttpClientTransport(url));
  try {
    return (await lister.listTools()).map((tool) => `tool ${tool.name}: ${tool.description ?? ""}`);
  } finally {
    await lister.close();
  }
}

const progressCall = [
  "calling test_tool_with_progress {}",
  "progress 0/100 started",
  "progress 50/100 halfway",
  "progress 100/100 done",
  "Tool with progress executed successfully",
];

describe("examples/client, run by its documented command", () => {
  const running: Running[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await server.stop();
  });

  it("launches the stdio example, lists its tools and counts down with progress (its README's output)", async () => {
    const result = await client(
      "pnpm --silent --filter @mcpkit/example-stdio-server start",
      "countdown",
      '{"from":3}',
    );
    expect(result.stdout).toBe(
      [
        "connected to stdio-example 1.0.0 (2026-07-28, stateless era)",
        "tool add: Adds two numbers",
        "tool countdown: Counts down from `from` (1 to 10), reporting progress each step",
        'calling countdown {"from":3}',
        "progress 0/3 3 to go",
        "progress 1/3 2 to go",
        "progress 2/3 1 to go",
        "progress 3/3 liftoff",
        "Counted down from 3. Liftoff!",
        "",
      ].join("\n"),
    );
    expect(result.code).toBe(0);
  });

  it("calls the reference server over Streamable HTTP in each era, with progress", async () => {
    const reference = await startServer(process.execPath, [everythingServer, "--http"], /^http:\/\//);
    running.push(reference);
    const url = reference.line.trim();
    for (const [mode, settled] of [
      ["auto", "2026-07-28, stateless era"],
      ["session", "2025-11-25, session era"],
    ] as const) {
      const tools = await referenceTools(url, mode);
      expect(tools).toContain(
        "tool test_tool_with_progress: Reports progress 0, 50 and 100 of 100, 50 ms apart, to the request's progress token",
      );
      const result = await client("--mode", mode, url, "test_tool_with_progress");
      expect(result.stdout.split("\n")).toEqual([
        `connected to mcpkit-everything-server ${referenceVersion} (${settled})`,
        ...tools,
        ...progressCall,
        "",
      ]);
      expect(result.code).toBe(0);
    }
  });

  it("launches the reference server over stdio by its command line", async () => {
    const result = await client(`${process.execPath} ${everythingServer}`, "test_tool_with_progress");
    const lines = result.stdout.split("\n");
    expect(lines[0]).toBe(
      `connected to mcpkit-everything-server ${referenceVersion} (2026-07-28, stateless era)`,
    );
    expect(lines.slice(-progressCall.length - 1)).toEqual([...progressCall, ""]);
    expect(result.code).toBe(0);
  });

  it("exits with 1 when the tool's result is an error or the call fails, and with 2 and its usage without a server", async () => {
    const stdio = "pnpm --silent --filter @mcpkit/example-stdio-server start";
    const failing = await client(stdio, "add", '{"a":1}');
    expect([failing.code, failing.stdout.split("\n").slice(-3)]).toEqual([
      1,
      ['calling add {"a":1}', "Invalid arguments for tool add: /b is required", ""],
    ]);
    const unknown = await client(stdio, "subtract");
    expect([unknown.code, unknown.stdout.split("\n").slice(-2), unknown.stderr]).toEqual([
      1,
      ["calling subtract {}", ""],
      "error: Unknown tool: subtract\n",
    ]);
    const missing = await client("no-such-command-mcpkit");
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([
      1,
      "",
      'error: could not start the server "no-such-command-mcpkit": spawn no-such-command-mcpkit ENOENT\n',
    ]);
    const usage = await client();
    expect([usage.code, usage.stdout, usage.stderr]).toEqual([
      2,
      "",
      'usage: client.ts [--mode auto|session|stateless] <url | "command args"> [tool] [json]\n',
    ]);
  });
});
