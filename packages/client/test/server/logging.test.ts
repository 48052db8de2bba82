// Logging against @mcpkit/server: logging/setLevel in the session era, the per-request `_meta`
// level in 2026-07-28; only messages at or above the level arrive as `log` events.
import { LocalError } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import type { Client } from "../../src/index.js";
import { allRevisions, connect, newServer, sessionRevisions, settle, until } from "./setup.js";

function loggingServer(): Server {
  const server = newServer();
  server.tool({ name: "chatty", inputSchema: { type: "object" } }, async (_args, ctx) => {
    await ctx.log("debug", { n: 1 });
    await ctx.log("info", { n: 2 }, "app");
    await ctx.log("warning", { n: 3 }, "app");
    await ctx.log("error", "four");
    return { content: [{ type: "text", text: "ok" }] };
  });
  return server;
}

function collect(client: Client): unknown[] {
  const logs: unknown[] = [];
  client.on("log", (message) => logs.push(message));
  return logs;
}

describe.each(allRevisions)("logging at %s", (revision: Revision) => {
  it("after setLoggingLevel, only messages at or above the level arrive", async () => {
    const client = await connect(loggingServer(), revision);
    const logs = collect(client);
    await client.setLoggingLevel("warning");
    await client.callTool({ name: "chatty" });
    await until(() => logs.length >= 2);
    await settle();
    expect(logs).toEqual([
      { level: "warning", logger: "app", data: { n: 3 } },
      { level: "error", data: "four" },
    ]);
    await client.setLoggingLevel("debug");
    logs.length = 0;
    await client.callTool({ name: "chatty" });
    await until(() => logs.length >= 4);
    expect(logs.map((l) => (l as { level: string }).level)).toEqual(["debug", "info", "warning", "error"]);
  });

  it("without logging offered, setLoggingLevel fails locally", async () => {
    const server = newServer({ logging: false });
    server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
    const client = await connect(server, revision);
    const error = await client.setLoggingLevel("info").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({ code: "capability_missing" });
  });
});

describe.each(sessionRevisions)("session logging at %s", (revision: Revision) => {
  it("before setLevel the server's default level (info) applies; server.log() reaches the client", async () => {
    const server = loggingServer();
    const client = await connect(server, revision);
    const logs = collect(client);
    await client.callTool({ name: "chatty" });
    await until(() => logs.length >= 3);
    expect(logs.map((l) => (l as { level: string }).level)).toEqual(["info", "warning", "error"]);
    logs.length = 0;
    await client.setLoggingLevel("error");
    await server.log("warning", "dropped");
    await server.log("critical", "kept", "server");
    await until(() => logs.length >= 1);
    await settle();
    expect(logs).toEqual([{ level: "critical", logger: "server", data: "kept" }]);
  });
});

describe("stateless logging at 2026-07-28", () => {
  it("a request without a level gets no messages; the level rides in each later request", async () => {
    const server = loggingServer();
    const client = await connect(server, "2026-07-28");
    const logs = collect(client);
    await client.callTool({ name: "chatty" });
    await server.log("critical", "no session to log to");
    await settle();
    expect(logs).toEqual([]);
    await client.setLoggingLevel("error");
    await client.callTool({ name: "chatty" });
    await until(() => logs.length >= 1);
    await settle();
    expect(logs).toEqual([{ level: "error", data: "four" }]);
  });
});
