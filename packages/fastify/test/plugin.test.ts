import { initialize, jsonHeaders, whoamiServer } from "@mcpkit/framework-contract";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { type McpPlugin, type McpPluginOptions, mcpPlugin } from "../src/index.js";

/** What only Fastify does: its parser and its refusals, and app.close(). */
describe("mcpPlugin in a Fastify app", () => {
  let app: FastifyInstance | undefined;
  let mcp: McpPlugin | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    mcp = undefined;
  });

  async function start(
    options: Partial<McpPluginOptions> = {},
    before: (app: FastifyInstance) => Promise<void> = async () => {},
  ): Promise<string> {
    mcp = mcpPlugin({ onSession: (t) => whoamiServer().connect(t), ...options });
    app = Fastify();
    await before(app);
    await app.register(mcp, { prefix: "/mcp" });
    return `${await app.listen({ port: 0, host: "127.0.0.1" })}/mcp`;
  }

  it("takes the body Fastify parsed, which the app's hooks see too", async () => {
    const methods: string[] = [];
    const url = await start({}, async (instance) => {
      instance.addHook("preHandler", async (request) => {
        methods.push((request.body as { method: string }).method);
      });
    });
    const answer = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(answer.status).toBe(200);
    expect((await answer.json()).result.protocolVersion).toBe("2025-06-18");
    expect(methods).toEqual(["initialize"]);
  });

  it("answers the parser's refusals as the endpoint does: malformed, empty, too large, other media type", async () => {
    const url = await start({ maxBodyBytes: 1000 });
    const malformed = await fetch(url, { method: "POST", headers: jsonHeaders, body: '{"jsonrpc":' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe(-32700);
    // Fastify's parser refuses a __proto__ key (onProtoPoisoning: "error"): malformed to the endpoint too.
    const poisoned = await fetch(url, {
      method: "POST",
      headers: jsonHeaders,
      body: '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"__proto__":{"x":1}}}',
    });
    expect(poisoned.status).toBe(400);
    expect((await poisoned.json()).error.code).toBe(-32700);
    const empty = await fetch(url, { method: "POST", headers: jsonHeaders, body: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toEqual({
      code: -32700,
      message: "Parse error: Unexpected end of JSON input",
    });
    const big = await fetch(url, { method: "POST", headers: jsonHeaders, body: `"${"x".repeat(2000)}"` });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Payload Too Large: the limit is 1000 bytes" },
    });
    const text = await fetch(url, {
      method: "POST",
      headers: { ...jsonHeaders, "content-type": "text/plain" },
      body: initialize,
    });
    expect(text.status).toBe(415);
    expect((await text.json()).error.message).toBe(
      "Unsupported Media Type: Content-Type must be application/json",
    );
  });

  it("answers when the app's `auth` throws, instead of leaving the request hanging", async () => {
    const url = await start({
      auth: () => {
        throw Object.assign(new Error("no such user"), { statusCode: 401 });
      },
    });
    const refused = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe("no such user");
  });

  it("ends the sessions on app.close() before the server stops, so open streams do not hold it", async () => {
    const url = await start();
    const opened = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    const session = opened.headers.get("mcp-session-id") ?? "";
    const stream = await fetch(url, {
      headers: {
        accept: "text/event-stream",
        "mcp-session-id": session,
        "mcp-protocol-version": "2025-06-18",
      },
    });
    expect(stream.status).toBe(200);
    expect(mcp?.handler.sessionCount).toBe(1);
    const ended = stream.text();
    await app?.close();
    app = undefined;
    expect(mcp?.handler.sessionCount).toBe(0);
    expect(await ended).toBe(": stream open\n\n");
  });
});
