import { initialize, jsonHeaders } from "@mcpkit/framework-contract";
import { Server } from "@mcpkit/server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { type McpApp, mcpApp } from "../src/index.js";

/** The part of a Worker's execution context Hono hands on as `c.executionCtx`. */
interface ExecutionContext {
  waitUntil(work: Promise<unknown>): void;
  passThroughOnException(): void;
  props: unknown;
}

/**
 * How the app is called on Workers: `app.fetch(request, env, ctx)`. A tool reports whether its
 * transport had a `waitUntil`, and hands it a promise of its own.
 */
describe("mcpApp hands the Worker's waitUntil to the endpoint", () => {
  let mcp: McpApp | undefined;
  afterEach(async () => {
    await mcp?.close();
    mcp = undefined;
  });

  function app(): Hono {
    const server = new Server({ name: "wait-until", version: "1.0.0" });
    server.tool({ name: "later", inputSchema: { type: "object" } }, (_args, ctx) => {
      const given = ctx.transport.waitUntil !== undefined;
      ctx.transport.waitUntil?.(Promise.resolve("the tool's own work"));
      return { content: [{ type: "text", text: given ? "waitUntil given" : "no waitUntil" }] };
    });
    mcp = mcpApp({ onSession: (t) => server.connect(t), jsonResponse: true });
    const outer = new Hono();
    outer.route("/mcp", mcp);
    return outer;
  }

  async function callLater(outer: Hono, ctx?: ExecutionContext): Promise<unknown> {
    const url = "http://127.0.0.1/mcp";
    const opened = await outer.fetch(
      new Request(url, { method: "POST", headers: jsonHeaders, body: initialize }),
      {},
      ctx,
    );
    expect(opened.status).toBe(200);
    await opened.text();
    const session = {
      "mcp-session-id": opened.headers.get("mcp-session-id") ?? "",
      "mcp-protocol-version": "2025-06-18",
    };
    const call = JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "later", arguments: {} },
    });
    const answer = await outer.fetch(
      new Request(url, { method: "POST", headers: { ...jsonHeaders, ...session }, body: call }),
      {},
      ctx,
    );
    expect(answer.status).toBe(200);
    return answer.json();
  }

  it("gives handlers c.executionCtx.waitUntil when Hono has an execution context", async () => {
    const kept: Promise<unknown>[] = [];
    const ctx: ExecutionContext = {
      waitUntil: (work) => kept.push(work),
      passThroughOnException() {},
      props: {},
    };
    expect(await callLater(app(), ctx)).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: { content: [{ type: "text", text: "waitUntil given" }] },
    });
    expect(await Promise.all(kept)).toContain("the tool's own work");
  });

  it("gives none when Hono has no execution context (Node, Bun, Deno)", async () => {
    expect(await callLater(app())).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: { content: [{ type: "text", text: "no waitUntil" }] },
    });
  });
});
