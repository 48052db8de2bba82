// Client middleware (issue 24): around every outgoing request and every incoming message, against
// a real @mcpkit/server, in both eras.
import { McpError } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "../../src/index.js";
import { connect, newServer, nextEvent } from "./setup.js";

function echoServer() {
  const server = newServer();
  server.tool({ name: "echo", inputSchema: { type: "object" } }, (args, ctx) => ({
    content: [{ type: "text", text: JSON.stringify({ args, meta: ctx.meta?.trace ?? null }) }],
  }));
  server.tool({ name: "ask", inputSchema: { type: "object" } }, async (_args, ctx) => {
    const { roots } = await ctx.listRoots();
    await ctx.log("info", `roots: ${roots.length}`);
    return { content: [{ type: "text", text: roots.map((r) => r.uri).join(",") }] };
  });
  return server;
}

describe.each(["2025-11-25", "2026-07-28"] as const)("client middleware at %s", (revision) => {
  it("runs around outgoing requests in the order added, and may change the request", async () => {
    const client = await connect(echoServer(), revision);
    await client.listTools(); // at 2026-07-28 a call lists the tools first when they are unknown
    const order: string[] = [];
    client.use(async (request, next) => {
      order.push(`outer ${request.method} ${request.era}`);
      const result = await next();
      order.push(`outer done ${request.method}`);
      return result;
    });
    client.use((request, next) => {
      order.push(`inner ${request.method}`);
      if (request.method !== "tools/call") return next();
      return next({ ...request, params: { ...request.params, arguments: { changed: true } } });
    });
    const result = await client.callTool({ name: "echo", arguments: { changed: false } });
    expect(result.content).toEqual([
      { type: "text", text: JSON.stringify({ args: { changed: true }, meta: null }) },
    ]);
    expect(order).toEqual([`outer tools/call ${client.era}`, "inner tools/call", "outer done tools/call"]);
  });

  it("may answer without sending, or refuse", async () => {
    const client = await connect(echoServer(), revision);
    client.use((request, next) =>
      request.method === "tools/list"
        ? Promise.resolve({ tools: [{ name: "cached", inputSchema: { type: "object" } }] })
        : next(),
    );
    client.use((request, next) => {
      if (request.method === "prompts/list") throw new Error("no prompts today");
      return next();
    });
    expect((await client.listTools()).map((t) => t.name)).toEqual(["cached"]);
    await expect(client.listPrompts()).rejects.toThrow("no prompts today");
  });

  it("runs around incoming requests and notifications", async () => {
    const seen: string[] = [];
    const client = await connect(echoServer(), revision, { roots: [{ uri: "file:///work", name: "work" }] });
    client.use({
      incoming: async (message: IncomingMessage, next) => {
        seen.push(`${message.kind} ${message.method}`);
        const answer = await next();
        if (message.kind === "request") seen.push(`answered ${JSON.stringify(answer)}`);
        return answer;
      },
    });
    await client.setLoggingLevel("info");
    const logged = nextEvent<{ data: unknown }>((l) => client.on("log", l));
    const result = await client.callTool({ name: "ask" });
    expect(result.content).toEqual([{ type: "text", text: "file:///work" }]);
    expect(await logged).toMatchObject({ data: "roots: 1" });
    expect(seen).toContain("notification notifications/message");
    if (revision === "2026-07-28") {
      // Stateless: roots are asked for in an input_required round, not by a request to the client.
      expect(seen.filter((s) => s.startsWith("request"))).toEqual([]);
    } else {
      expect(seen.slice(0, 2)).toEqual([
        "request roots/list",
        `answered ${JSON.stringify({ roots: [{ uri: "file:///work", name: "work" }] })}`,
      ]);
    }
  });
});

describe("client middleware in the session era", () => {
  it("an incoming middleware may refuse a server request with McpError", async () => {
    const client = await connect(echoServer(), "2025-11-25", {
      roots: [{ uri: "file:///work", name: "work" }],
    });
    client.use({
      incoming: (message, next) => {
        if (message.method === "roots/list") throw new McpError(-32600, "roots are private");
        return next();
      },
    });
    // The tool's ctx.listRoots() failed with the refusal, which the server passes on.
    await expect(client.callTool({ name: "ask" })).rejects.toMatchObject({
      code: -32600,
      message: "roots are private",
    });
  });
});
