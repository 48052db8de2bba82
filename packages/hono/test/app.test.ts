import { initialize, jsonHeaders, whoamiServer } from "@mcpkit/framework-contract";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { type McpApp, type McpAppOptions, mcpApp } from "../src/index.js";
import { type Listening, listen } from "./helpers/listen.js";

/** What only Hono does: bodies read through c.req. */
describe("mcpApp behind Hono middleware", () => {
  let listening: Listening | undefined;
  let mcp: McpApp | undefined;
  afterEach(async () => {
    await mcp?.close();
    await listening?.close();
    mcp = undefined;
    listening = undefined;
  });

  async function start(options: Partial<McpAppOptions>, before: (app: Hono) => void): Promise<string> {
    mcp = mcpApp({ onSession: (t) => whoamiServer().connect(t), ...options });
    const app = new Hono();
    before(app);
    app.route("/mcp", mcp);
    listening = await listen(app);
    return `${listening.origin}/mcp`;
  }

  it("takes a body a middleware already read through c.req, as JSON or as text", async () => {
    const methods: string[] = [];
    const url = await start({}, (app) =>
      app.use(async (c, next) => {
        if (c.req.header("x-read") === "json") methods.push((await c.req.json()).method);
        if (c.req.header("x-read") === "text") methods.push(JSON.parse(await c.req.text()).method);
        await next();
      }),
    );
    for (const read of ["json", "text"]) {
      const answer = await fetch(url, {
        method: "POST",
        headers: { ...jsonHeaders, "x-read": read },
        body: initialize,
      });
      expect(answer.status).toBe(200);
      expect((await answer.json()).result.protocolVersion).toBe("2025-06-18");
    }
    expect(methods).toEqual(["initialize", "initialize"]);
  });

  it("answers a body a middleware failed to parse as the endpoint answers unparsable JSON", async () => {
    const url = await start({}, (app) =>
      app.use(async (c, next) => {
        await c.req.json().catch(() => undefined);
        await next();
      }),
    );
    const malformed = await fetch(url, { method: "POST", headers: jsonHeaders, body: '{"jsonrpc":' });
    expect(malformed.status).toBe(400);
    // The endpoint's own message: JSON.parse's, on the text Hono kept.
    expect((await malformed.json()).error).toEqual({
      code: -32700,
      message: "Parse error: Unexpected end of JSON input",
    });
  });

  it("answers when the app's `auth` throws (Hono's onError), instead of leaving the request hanging", async () => {
    const url = await start(
      {
        auth: () => {
          throw new Error("no such user");
        },
      },
      () => {},
    );
    const refused = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(refused.status).toBe(500);
  });
});
