import { createEverythingServer } from "@mcpkit/reference";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { mcpPlugin } from "../src/index.js";
import { conformance, failures } from "./helpers/conformance.js";
import { type Listening, listen } from "./helpers/listen.js";

describe("the reference server behind mcpPlugin on Fastify 5", () => {
  let listening: Listening | undefined;
  afterEach(async () => {
    await listening?.close();
  });

  it("passes every server transcript over Streamable HTTP, both eras, with Fastify's parser and a nested prefix", async () => {
    const { server, state } = createEverythingServer({
      requestStateSecret: "fastify-test-secret-of-32-bytes!",
    });
    const app = Fastify();
    let parsed = 0;
    app.addHook("preHandler", async (request) => {
      if (request.body !== undefined) parsed++;
    });
    await app.register(
      async (api) => {
        await api.register(
          mcpPlugin({
            onSession: async (transport) => {
              const session = await server.connect(transport);
              // The SSE polling fixture closes a request's stream early through its transport.
              if ("closeStream" in transport) state.streams.set(session, transport);
            },
            onStateless: async (transport) => {
              await server.connect(transport);
            },
          }),
          { prefix: "/mcp" },
        );
      },
      { prefix: "/api" },
    );
    listening = await listen(app);

    const run = await conformance(`${listening.origin}/api/mcp`);
    expect(run.report.summary.failed, failures(run.output)).toBe(0);
    expect(run.code).toBe(0);
    expect(run.report.summary.passed).toBeGreaterThan(300);
    const keys = run.report.results.map((r) => r.key);
    expect(keys.some((k) => k.includes("@2026-07-28"))).toBe(true);
    expect(keys.some((k) => k.includes("@2025-11-25"))).toBe(true);
    // The bodies really came parsed by Fastify.
    expect(parsed).toBeGreaterThan(300);
  }, 300_000);
});
