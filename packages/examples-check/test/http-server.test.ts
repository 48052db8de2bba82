import { Client, type ClientMode } from "@mcpkit/client";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterEach, describe, expect, it } from "vitest";
import { type Running, cleanEnv, startServer } from "./processes.js";

/** `pnpm --filter @mcpkit/example-http-server start [flags]`, as its README says, on a free port. */
async function startExample(flags: readonly string[]): Promise<{ url: string; server: Running }> {
  const server = await startServer(
    "pnpm",
    ["--filter", "@mcpkit/example-http-server", "start", ...flags],
    /^http:\/\/127\.0\.0\.1:\d+\/mcp \(/,
    { env: { ...cleanEnv(), PORT: "0" } },
  );
  return { url: server.line.split(" ")[0] as string, server };
}

/** Connects in `mode`, greets, brews two cups: the revision, the session id and what came back. */
async function exercise(url: string, mode: ClientMode) {
  const transport = new StreamableHttpClientTransport(url);
  const client = new Client({ clientInfo: { name: "examples-check", version: "1.0.0" }, mode });
  await client.connect(transport);
  try {
    const greeting = await client.callTool({ name: "greet", arguments: { name: "Ada" } });
    const reports: string[] = [];
    const brew = await client.callTool(
      { name: "brew", arguments: { cups: 2 } },
      { onProgress: ({ progress, total, message }) => reports.push(`${progress}/${total} ${message}`) },
    );
    return {
      revision: client.revision,
      session: transport.sessionId !== undefined,
      results: [...greeting.content, ...brew.content],
      reports,
    };
  } finally {
    await client.close();
  }
}

/** What `exercise` sees from the example: its answers and progress are the same in every mode. */
const expected = (revision: string, session: boolean) => ({
  revision,
  session,
  results: [
    { type: "text", text: "Hello, Ada!" },
    { type: "text", text: "2 cups of tea brewed" },
  ],
  reports: ["1/2 cup 1 ready", "2/2 cup 2 ready"],
});

describe("examples/http-server, started by its documented command", () => {
  const running: Running[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await server.stop();
  });

  it("by default gives older clients a session and serves 2026-07-28 clients statelessly", async () => {
    const { url, server } = await startExample([]);
    running.push(server);
    expect(server.line).toBe(`${url} (sessions and stateless)`);
    expect(await exercise(url, "stateless")).toEqual(expected("2026-07-28", false));
    expect(await exercise(url, "session")).toEqual(expected("2025-11-25", true));
  });

  it("with --stateless serves every era without sessions", async () => {
    const { url, server } = await startExample(["--stateless"]);
    running.push(server);
    expect(server.line).toBe(`${url} (stateless: no sessions)`);
    expect(await exercise(url, "stateless")).toEqual(expected("2026-07-28", false));
    expect(await exercise(url, "session")).toEqual(expected("2025-11-25", false));
    // No standalone stream without sessions.
    const get = await fetch(url, { headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    await get.body?.cancel();
  });
});
