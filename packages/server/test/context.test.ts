import { MetaKey } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import type { ServerContext } from "../src/index.js";
import { connect, newServer, plain, sessionRevisions } from "./helpers.js";

const form = {
  message: "Proceed?",
  requestedSchema: {
    type: "object" as const,
    properties: { ok: { type: "boolean" as const } },
    required: ["ok"],
  },
};

/** One tool body asking twice, used unchanged by both eras. */
function asker() {
  const server = newServer();
  let runs = 0;
  server.tool({ name: "ask", inputSchema: { type: "object" } }, async (_args, ctx: ServerContext) => {
    runs++;
    const first = await ctx.elicit(form);
    const roots = await ctx.listRoots();
    return {
      content: [
        { type: "text", text: `${first.action} ${JSON.stringify(first.content)} ${roots.roots.length}` },
      ],
    };
  });
  return { server, runs: () => runs };
}

describe("ctx.elicit and ctx.listRoots", () => {
  it.each(["2025-06-18", "2025-11-25"] as const)(
    "session era: requests to the client (%s)",
    async (revision) => {
      const { server } = asker();
      const client = await connect(server, revision, { elicitation: {}, roots: {} });
      client.peer.deliver({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "ask" } });
      const elicit = (await client.peer.next()) as { id: number; method: string; params: unknown };
      expect(elicit).toMatchObject({ jsonrpc: "2.0", method: "elicitation/create", params: form });
      client.peer.deliver({
        jsonrpc: "2.0",
        id: elicit.id,
        result: { action: "accept", content: { ok: true } },
      });
      const roots = (await client.peer.next()) as { id: number; method: string };
      expect(roots).toMatchObject({ method: "roots/list" });
      client.peer.deliver({ jsonrpc: "2.0", id: roots.id, result: { roots: [{ uri: "file:///w" }] } });
      expect(await client.peer.next()).toEqual({
        jsonrpc: "2.0",
        id: 7,
        result: { content: [{ type: "text", text: 'accept {"ok":true} 1' }] },
      });
      await server.close();
    },
  );

  it("stateless era: input_required rounds, the handler re-run with the answers", async () => {
    const { server, runs } = asker();
    const client = await connect(server, "2026-07-28", { elicitation: {}, roots: {} });
    const round1 = await client.result("tools/call", { name: "ask" });
    expect(round1).toMatchObject({
      resultType: "input_required",
      inputRequests: { "input-1": { method: "elicitation/create", params: form } },
    });
    const round2 = await client.result("tools/call", {
      name: "ask",
      requestState: round1.requestState,
      inputResponses: { "input-1": { action: "accept", content: { ok: true } } },
    });
    expect(round2).toMatchObject({
      resultType: "input_required",
      inputRequests: { "input-2": { method: "roots/list", params: {} } },
    });
    const done = await client.result("tools/call", {
      name: "ask",
      requestState: round2.requestState,
      inputResponses: { "input-2": { roots: [{ uri: "file:///w" }] } },
    });
    expect(plain(done)).toEqual({ content: [{ type: "text", text: 'accept {"ok":true} 1' }] });
    expect(runs()).toBe(3);
    expect(
      await client.error("tools/call", { name: "ask", requestState: `${String(round2.requestState)}x` }),
    ).toMatchObject({ code: -32602, data: { reason: "tampered" } });
    await server.close();
  });

  it("2026-07-28: a capability the request's envelope lacks is -32021 naming it, and no input round", async () => {
    const server = newServer();
    server.tool({ name: "sample", inputSchema: { type: "object" } }, async (_a, ctx) => {
      await ctx.sample({ messages: [], maxTokens: 5 });
      return { content: [] };
    });
    const client = await connect(server, "2026-07-28", {});
    expect(await client.error("tools/call", { name: "sample" })).toEqual({
      code: -32021,
      message: "Missing required client capability: sampling",
      data: { requiredCapabilities: { sampling: {} } },
    });
    await server.close();
  });

  it.each(sessionRevisions)(
    "a capability the client lacks is a clear error and nothing on the wire (%s)",
    async (revision) => {
      const server = newServer();
      server.tool({ name: "sample", inputSchema: { type: "object" } }, async (_a, ctx) => {
        await ctx.sample({ messages: [], maxTokens: 5 });
        return { content: [] };
      });
      const client = await connect(server, revision, {});
      const result = plain(await client.result("tools/call", { name: "sample" }));
      expect(result).toEqual({
        content: [
          {
            type: "text",
            text: 'the client did not declare the "sampling" capability, so sampling/createMessage cannot be sent to it',
          },
        ],
        isError: true,
      });
      expect(await client.peer.drain()).toEqual([]);
      await server.close();
    },
  );

  it("elicitation does not exist before 2025-06-18", async () => {
    const { server } = asker();
    const client = await connect(server, "2025-03-26", { elicitation: {}, roots: {} });
    expect(plain(await client.result("tools/call", { name: "ask" }))).toEqual({
      content: [{ type: "text", text: "elicitation/create is not part of revision 2025-03-26" }],
      isError: true,
    });
    await server.close();
  });
});

describe("ctx.progress, ctx.meta, client and transport", () => {
  it.each(["2024-11-05", "2025-11-25", "2026-07-28"] as const)(
    "reports progress to the token (%s)",
    async (revision) => {
      const server = newServer();
      server.tool({ name: "slow", inputSchema: { type: "object" } }, async (_a, ctx) => {
        await ctx.progress(1, 2, "half");
        return {
          content: [
            { type: "text", text: `${String(ctx.client.info?.name)} ${String(ctx.meta.progressToken)}` },
          ],
        };
      });
      const client = await connect(server, revision);
      client.peer.deliver({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: client.params({ name: "slow" }, { progressToken: "t" }),
      });
      const progress = await client.peer.next();
      expect(progress).toEqual({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: {
          progressToken: "t",
          progress: 1,
          total: 2,
          ...(revision === "2024-11-05" ? {} : { message: "half" }),
        },
      });
      const answer = (await client.peer.next()) as { result: Record<string, unknown> };
      expect(plain(answer.result)).toEqual({ content: [{ type: "text", text: "raw-client t" }] });
      await server.close();
    },
  );
});

describe("logging", () => {
  function logger() {
    const server = newServer({ logging: { rateLimit: { max: 3, intervalMs: 60_000 } } });
    server.tool({ name: "log", inputSchema: { type: "object" } }, async (_a, ctx) => {
      await ctx.log("debug", "d");
      await ctx.log("info", "i");
      await ctx.log("error", { e: 1 }, "db");
      return { content: [] };
    });
    return server;
  }
  const message = (level: string, data: unknown, logger?: string) => ({
    jsonrpc: "2.0",
    method: "notifications/message",
    params: { level, ...(logger ? { logger } : {}), data },
  });

  it.each(sessionRevisions)(
    "session level: default info, then logging/setLevel; below it dropped (%s)",
    async (revision) => {
      const server = logger();
      const client = await connect(server, revision);
      await client.request("tools/call", { name: "log" }); // consumes the first notification
      const rest = await client.peer.drain();
      expect(rest).toEqual([
        message("error", { e: 1 }, "db"),
        expect.objectContaining({ id: expect.any(Number) }),
      ]);
      expect(await client.result("logging/setLevel", { level: "error" })).toEqual({});
      await server.log("warning", "w");
      await server.log("critical", "c");
      expect(await client.peer.drain()).toEqual([message("critical", "c")]);
      expect(await client.error("logging/setLevel", { level: "loud" })).toMatchObject({ code: -32602 });
      await server.close();
    },
  );

  it("rate-limits per session", async () => {
    const server = logger();
    const client = await connect(server, "2025-06-18");
    await client.result("logging/setLevel", { level: "debug" });
    client.peer.deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "log" } });
    client.peer.deliver({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "log" } });
    const written = await client.peer.drain();
    expect(written.filter((m) => (m as { method?: string }).method === "notifications/message")).toHaveLength(
      3,
    );
    await server.close();
  });

  it("2026-07-28: only with the request's _meta level, filtered by it", async () => {
    const server = logger();
    const client = await connect(server, "2026-07-28");
    expect(await client.result("tools/call", { name: "log" })).toMatchObject({ resultType: "complete" });
    expect(await client.peer.drain()).toEqual([]);
    client.peer.deliver({
      jsonrpc: "2.0",
      id: 5,
      method: "tools/call",
      params: client.params({ name: "log" }, { [MetaKey.logLevel]: "info" }),
    });
    const written = await client.peer.drain();
    expect(written.slice(0, 2)).toEqual([message("info", "i"), message("error", { e: 1 }, "db")]);
    expect(written[2]).toMatchObject({ id: 5 });
    await server.close();
  });

  it("is not offered when disabled", async () => {
    const server = newServer({ logging: false });
    const client = await connect(server, "2025-06-18");
    expect(await client.error("logging/setLevel", { level: "info" })).toEqual({
      code: -32601,
      message: "Method not found",
      data: { method: "logging/setLevel", capability: "logging" },
    });
    await server.close();
  });
});
