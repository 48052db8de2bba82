import { initialize, jsonHeaders, whoamiServer } from "@mcpkit/framework-contract";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { type McpRouter, type McpRouterOptions, mcpRouter } from "../src/index.js";
import { type Listening, listen } from "./helpers/listen.js";

/** What only Express does: its body parser's refusals, and no parser at all. */
describe("mcpRouter with and without express.json()", () => {
  let listening: Listening | undefined;
  let mcp: McpRouter | undefined;
  afterEach(async () => {
    await mcp?.close();
    await listening?.close();
    mcp = undefined;
    listening = undefined;
  });

  async function start(parse: boolean, options: Partial<McpRouterOptions> = {}): Promise<string> {
    mcp = mcpRouter({ onSession: (t) => whoamiServer().connect(t), ...options });
    const app = express();
    if (parse) app.use(express.json({ limit: "4mb" }));
    app.use("/mcp", mcp);
    app.use("/mcp", mcp.bodyErrors);
    listening = await listen(app);
    return `${listening.origin}/mcp`;
  }

  it("reads the body itself when no parser ran", async () => {
    const url = await start(false);
    const answer = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(answer.status).toBe(200);
    expect((await answer.json()).result.protocolVersion).toBe("2025-06-18");
  });

  it("answers malformed JSON as the endpoint does (400, -32700), with or without the parser", async () => {
    for (const parse of [true, false]) {
      const url = await start(parse);
      const malformed = await fetch(url, { method: "POST", headers: jsonHeaders, body: '{"jsonrpc":' });
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).error).toEqual({
        code: -32700,
        message: "Parse error: Unexpected end of JSON input",
      });
      await mcp?.close();
      await listening?.close();
    }
    mcp = undefined;
    listening = undefined;
  });

  it("hands an empty body on empty (express.json() makes it {}), which the endpoint refuses as unparsable", async () => {
    const url = await start(true);
    const empty = await fetch(url, { method: "POST", headers: jsonHeaders, body: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).toBe(-32700);
  });

  it("answers a body over the parser's limit 413, in the endpoint's words", async () => {
    const url = await start(true);
    const big = await fetch(url, { method: "POST", headers: jsonHeaders, body: `"${"x".repeat(5 << 20)}"` });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: `Payload Too Large: the limit is ${4 << 20} bytes` },
    });
  });

  it("answers when the app's `auth` throws (Express's error handling), instead of leaving the request hanging", async () => {
    const url = await start(true, {
      auth: () => {
        throw Object.assign(new Error("no such user"), { status: 401 });
      },
    });
    const refused = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(refused.status).toBe(401);
  });
});
