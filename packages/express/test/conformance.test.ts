import { createEverythingServer } from "@mcpkit/reference";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { mcpRouter } from "../src/index.js";
import { conformance, failures } from "./helpers/conformance.js";
import { type Listening, listen } from "./helpers/listen.js";

describe("the reference server behind mcpRouter on Express 5", () => {
  let listening: Listening | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    await listening?.close();
  });

  it("passes every server transcript over Streamable HTTP, both eras, with express.json() parsing and a nested mount", async () => {
    const { server, state } = createEverythingServer({
      requestStateSecret: "express-test-secret-of-32-bytes!",
    });
    const errors: unknown[] = [];
    const mcp = mcpRouter({
      onSession: async (transport) => {
        const session = await server.connect(transport);
        // The SSE polling fixture closes a request's stream early through its transport.
        if ("closeStream" in transport) state.streams.set(session, transport);
      },
      onStateless: async (transport) => {
        await server.connect(transport);
      },
      onError: (error) => errors.push(error),
    });
    close = () => mcp.close();
    let parsed = 0;
    const app = express();
    app.use(express.json({ limit: "4mb" }));
    app.use((req, _res, next) => {
      if (req.body !== undefined) parsed++;
      next();
    });
    const api = express.Router();
    api.use("/mcp", mcp);
    app.use("/api", api);
    // Errors skip routers: the parser's refusals are caught at the app level, on the full path.
    app.use("/api/mcp", mcp.bodyErrors);
    listening = await listen(app);

    const run = await conformance(`${listening.origin}/api/mcp`);
    expect(run.report.summary.failed, failures(run.output)).toBe(0);
    expect(run.code).toBe(0);
    expect(run.report.summary.passed).toBeGreaterThan(300);
    const keys = run.report.results.map((r) => r.key);
    expect(keys.some((k) => k.includes("@2026-07-28"))).toBe(true);
    expect(keys.some((k) => k.includes("@2025-11-25"))).toBe(true);
    // The bodies really came parsed by express.json().
    expect(parsed).toBeGreaterThan(300);
  }, 300_000);
});
