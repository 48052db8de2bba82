import { McpError } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import { connect, newServer, plain, RawPeer } from "./helpers.js";

describe("one definition, many sessions", () => {
  it("serves clients of every revision at once and derives capabilities per revision", async () => {
    const server = newServer();
    server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
    server.prompt({ name: "p" }, () => ({ messages: [] }));
    const answers: Record<string, unknown> = {};
    for (const revision of ["2024-11-05", "2025-03-26", "2025-11-25"]) {
      const peer = new RawPeer();
      await server.connect(peer);
      answers[revision] = await peer.call(1, "initialize", {
        protocolVersion: revision,
        capabilities: {},
        clientInfo: { name: "c", version: "1" },
      });
    }
    const caps = { logging: {}, prompts: { listChanged: true }, tools: { listChanged: true } };
    expect(answers["2024-11-05"]).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: {
        protocolVersion: "2024-11-05",
        capabilities: caps,
        serverInfo: { name: "test-server", version: "1.0.0" },
      },
    });
    expect((answers["2025-03-26"] as { result: { capabilities: unknown } }).result.capabilities).toEqual({
      ...caps,
      completions: {},
    });
    const modern = await connect(server, "2026-07-28");
    expect(plain(await modern.result("tools/list"))).toEqual({
      tools: [{ name: "t", inputSchema: { type: "object" } }],
    });
    expect(server.sessions.size).toBe(4);
    await server.close();
    expect(server.sessions.size).toBe(0);
  });

  it("answers -32601 naming the capability for features nothing was registered for", async () => {
    const server = newServer();
    const client = await connect(server, "2025-06-18");
    expect(await client.error("tools/list")).toEqual({
      code: -32601,
      message: "Method not found",
      data: { method: "tools/list", capability: "tools" },
    });
    await server.close();
  });

  it("passes explicit capabilities through (experimental; extensions in every revision)", async () => {
    const server = newServer({
      capabilities: { experimental: { acme: {} }, extensions: { "io.acme/x": {} } },
    });
    const peer = new RawPeer();
    await server.connect(peer);
    const answer = (await peer.call(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "c", version: "1" },
    })) as { result: { capabilities: unknown } };
    // SEP-2133 negotiates extensions at initialize too: a 2025-06-18 client is offered them.
    expect(answer.result.capabilities).toEqual({
      logging: {},
      experimental: { acme: {} },
      extensions: { "io.acme/x": {} },
    });
    await server.close();
  });
});

describe("low-level handlers and middleware", () => {
  it("runs middleware in order around every request, built-ins included", async () => {
    const server = newServer();
    const seen: string[] = [];
    server.use(async (request, next) => {
      seen.push(`outer ${request.method}`);
      const result = await next();
      seen.push(`outer done ${request.method}`);
      return result;
    });
    server.use((request, next) => {
      seen.push(`inner ${request.method}`);
      if (request.method === "acme/forbidden") throw new McpError(-32001, "Forbidden");
      return next();
    });
    server.setRequestHandler("acme/echo", (params, ctx) => ({ echo: params.value, revision: ctx.revision }));
    server.setRequestHandler("acme/forbidden", () => ({}));
    const client = await connect(server, "2025-11-25");
    expect(await client.result("acme/echo", { value: 1 })).toEqual({ echo: 1, revision: "2025-11-25" });
    expect(await client.error("acme/forbidden")).toEqual({ code: -32001, message: "Forbidden" });
    expect(await client.result("ping")).toEqual({});
    expect(seen).toEqual([
      "outer initialize",
      "inner initialize",
      "outer done initialize",
      "outer acme/echo",
      "inner acme/echo",
      "outer done acme/echo",
      "outer acme/forbidden",
      "inner acme/forbidden",
      "outer ping",
      "inner ping",
      "outer done ping",
    ]);
    await server.close();
  });

  it("adds handlers to sessions that are already open, and replaces built-ins", async () => {
    const server = newServer();
    server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
    const client = await connect(server, "2025-06-18");
    expect(await client.error("acme/late")).toMatchObject({ code: -32601 });
    server.setRequestHandler("acme/late", () => ({ late: true }));
    server.setRequestHandler("tools/list", () => ({ tools: [] }));
    expect(await client.result("acme/late")).toEqual({ late: true });
    expect(await client.result("tools/list")).toEqual({ tools: [] });
    server.removeRequestHandler("acme/late");
    expect(await client.error("acme/late")).toMatchObject({ code: -32601 });
    await server.close();
  });

  it("dispatches notifications with the session", async () => {
    const server = newServer();
    const got: string[] = [];
    server.setNotificationHandler("notifications/roots/list_changed", (_p, { session, revision }) => {
      got.push(`${revision} ${session.era}`);
    });
    const client = await connect(server, "2025-06-18", { roots: { listChanged: true } });
    client.peer.deliver({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
    await client.peer.drain();
    expect(got).toEqual(["2025-06-18 session"]);
    await server.close();
  });
});

describe("pagination", () => {
  it.each(["2024-11-05", "2026-07-28"] as const)(
    "pages with opaque cursors; the last page has none (%s)",
    async (revision) => {
      const server = newServer({ pageSize: 2 });
      for (const name of ["a", "b", "c", "d", "e"]) {
        server.tool({ name, inputSchema: { type: "object" } }, () => ({ content: [] }));
        server.prompt({ name }, () => ({ messages: [] }));
      }
      const client = await connect(server, revision);
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const result = await client.result("tools/list", cursor === undefined ? {} : { cursor });
        names.push(...(result.tools as { name: string }[]).map((t) => t.name));
        cursor = result.nextCursor as string | undefined;
        pages++;
      } while (cursor !== undefined);
      expect(names).toEqual(["a", "b", "c", "d", "e"]);
      expect(pages).toBe(3);

      const first = await client.result("tools/list");
      const invalid = {
        code: -32602,
        message: "Invalid params: invalid cursor",
        data: { pointer: "/params/cursor" },
      };
      expect(await client.error("tools/list", { cursor: "bogus" })).toEqual(invalid);
      // A forged position, and a cursor replayed on another list.
      const [v, body, mac] = String(first.nextCursor).split(".");
      const forged = btoa(
        JSON.stringify({
          ...JSON.parse(atob(String(body).replace(/-/g, "+").replace(/_/g, "/"))),
          s: { o: 0 },
        }),
      );
      expect(await client.error("tools/list", { cursor: `${v}.${forged}.${mac}` })).toEqual(invalid);
      expect(await client.error("prompts/list", { cursor: first.nextCursor })).toEqual(invalid);
      await server.close();
    },
  );
});
