import { createEverythingServer } from "@mcpkit/reference";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { mcpApp } from "../src/index.js";
import { conformance, failures } from "./helpers/conformance.js";
import { type Listening, listen } from "./helpers/listen.js";

describe("the reference server behind mcpApp on Hono 4 (@hono/node-server)", () => {
  let listening: Listening | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    await listening?.close();
  });

  it("passes every server transcript over Streamable HTTP, both eras, with a middleware reading the body first and a nested mount", async () => {
    const { server, state } = createEverythingServer({
      requestStateSecret: "hono-test-secret-of-32-bytes!!!!",
    });
    const mcp = mcpApp({
      onSession: async (transport) => {
        const session = await server.connect(transport);
        // The SSE polling fixture closes a request's stream early through its transport.
        if ("closeStream" in transport) state.streams.set(session, transport);
      },
      onStateless: async (transport) => {
        await server.connect(transport);
      },
    });
    close = () => mcp.close();
    let parsed = 0;
    const api = new Hono();
    // A middleware that reads every POST body as JSON (as a logger or a validator would).
    api.use("/mcp", async (c, next) => {
      if (c.req.method === "POST") {
        try {
          await c.req.json();
          parsed++;
        } catch {
          // Not JSON: the endpoint answers it.
        }
      }
      await next();
    });
    api.route("/mcp", mcp);
    const app = new Hono();
    app.route("/api", api);
    listening = await listen(app);

    const run = await conformance(`${listening.origin}/api/mcp`);
    expect(run.report.summary.failed, failures(run.output)).toBe(0);
    expect(run.code).toBe(0);
    expect(run.report.summary.passed).toBeGreaterThan(300);
    const keys = run.report.results.map((r) => r.key);
    expect(keys.some((k) => k.includes("@2026-07-28"))).toBe(true);
    expect(keys.some((k) => k.includes("@2025-11-25"))).toBe(true);
    expect(parsed).toBeGreaterThan(300);
  }, 300_000);
});
