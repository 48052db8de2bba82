import { AuthenticationError } from "@mcpkit/core";
import { createEverythingServer } from "@mcpkit/reference";
import type { StreamableHttpHandler, StreamableHttpHandlerOptions } from "@mcpkit/transport-http";
import { afterEach, describe, expect, it } from "vitest";
import { callTool, initialize, jsonHeaders, whoamiServer } from "./app.js";
import { conformance, failures } from "./conformance.js";
import { type RunningExample, startExample } from "./example.js";

/** A framework app running for one contract test. */
export interface ContractApp {
  /** The endpoint's URL: `http://127.0.0.1:PORT/api/mcp`. */
  readonly url: string;
  /** The integration's endpoint. */
  readonly handler: StreamableHttpHandler;
  /** How many requests reached the endpoint with a body the framework had already parsed or read. */
  parsed(): number;
  /** The integration's own shutdown (`close()`): ends the sessions, leaves the server listening. */
  closeEndpoint(): Promise<void>;
  /** Stops the HTTP server (after the endpoint, if it still runs). */
  close(): Promise<void>;
}

/**
 * Starts the framework's app on 127.0.0.1 and a free port: the framework's own body parsing, an
 * auth middleware that keeps `identityOf(authorization)` where the framework keeps such things,
 * and the integration (given `options`, and an `auth` that reads that identity) mounted at
 * `/mcp` inside a sub-router/plugin/app mounted at `/api`. With `corsOrigin`, the framework's
 * own CORS middleware (`cors`, `@fastify/cors`, `hono/cors`) stands in front, admitting that
 * origin with `CORS_ALLOW_HEADERS` allowed and `CORS_EXPOSE_HEADERS` exposed.
 */
export type StartApp = (options: StreamableHttpHandlerOptions, corsOrigin?: string) => Promise<ContractApp>;

/**
 * The suite every framework integration runs: the reference server through the framework passes
 * every server transcript (both eras); the app's identity reaches `ctx.auth` and binds sessions;
 * `authenticate` is the fallback; the mount path, CORS (the endpoint's and the framework's) and
 * shutdown behave.
 */
export function frameworkContract(framework: string, start: StartApp): void {
  describe(`${framework}: the framework integration contract`, () => {
    let app: ContractApp | undefined;
    afterEach(async () => {
      await app?.close();
      app = undefined;
    });

    it("serves the reference server: every server transcript over Streamable HTTP, both eras, 0 failures", async () => {
      const { server, state } = createEverythingServer({
        requestStateSecret: "framework-contract-secret-32-byte",
      });
      app = await start({
        onSession: async (transport) => {
          const session = await server.connect(transport);
          // The SSE polling fixture closes a request's stream early through its transport.
          if ("closeStream" in transport) state.streams.set(session, transport);
        },
        onStateless: async (transport) => {
          await server.connect(transport);
        },
      });
      const run = await conformance(app.url);
      expect(run.report.summary.failed, failures(run.output)).toBe(0);
      expect(run.code).toBe(0);
      expect(run.report.summary.passed).toBeGreaterThan(300);
      const keys = run.report.results.map((r) => r.key);
      expect(keys.some((k) => k.includes("@2026-07-28"))).toBe(true);
      expect(keys.some((k) => k.includes("@2025-11-25"))).toBe(true);
      // The list-stability check ran once and passed: no fresh run changed the list beside it.
      const stable = run.report.results.filter((r) => r.key.startsWith("server/tools/list-stable@"));
      expect(stable.map((r) => r.verdict)).toEqual(["passed"]);
      // The bodies really came through the framework's parsing.
      expect(app.parsed()).toBeGreaterThan(300);
    }, 300_000);

    const serve = (options: Partial<StreamableHttpHandlerOptions> = {}) => {
      const server = whoamiServer();
      return start({
        onSession: (t) => server.connect(t),
        onStateless: (t) => server.connect(t),
        ...options,
      });
    };

    it("hands the app's identity to handlers as ctx.auth, in both eras", async () => {
      app = await serve();
      const ada = { authorization: "Bearer token-ada" };
      expect(await callTool(app.url, "session", "whoami", {}, ada)).toBe("session ada mcp:tools");
      expect(await callTool(app.url, "stateless", "whoami", {}, ada)).toBe("stateless ada mcp:tools");
      expect(await callTool(app.url, "stateless", "whoami")).toBe("stateless anonymous ");
    });

    it("binds a session to the app's subject: another user's request on it gets 403", async () => {
      app = await serve();
      const opened = await fetch(app.url, {
        method: "POST",
        headers: { ...jsonHeaders, authorization: "Bearer token-ada" },
        body: initialize,
      });
      expect(opened.status).toBe(200);
      const session = opened.headers.get("mcp-session-id") ?? "";
      const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
      const headers = { ...jsonHeaders, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" };
      const bob = await fetch(app.url, {
        method: "POST",
        headers: { ...headers, authorization: "Bearer token-bob" },
        body: ping,
      });
      expect(bob.status).toBe(403);
      expect((await bob.json()).error.code).toBe(-32003);
      const ada = await fetch(app.url, {
        method: "POST",
        headers: { ...headers, authorization: "Bearer token-ada" },
        body: ping,
      });
      expect(await ada.json()).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
    });

    it("falls back to `authenticate` when the app established no identity; it sees the full URL", async () => {
      const seen: string[] = [];
      app = await serve({
        authenticate: (request) => {
          seen.push(request.url);
          if (request.headers["x-api-key"] !== "k1")
            throw new AuthenticationError(401, "invalid_token", "no key");
          return { token: "k1", subject: "service" };
        },
      });
      expect(await callTool(app.url, "stateless", "whoami", {}, { authorization: "Bearer token-bob" })).toBe(
        "stateless bob ",
      );
      expect(await callTool(app.url, "stateless", "whoami", {}, { "x-api-key": "k1" })).toBe(
        "stateless service ",
      );
      const refused = await fetch(app.url, { method: "POST", headers: jsonHeaders, body: initialize });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: "invalid_token", error_description: "no key" });
      expect(seen.at(-1)).toBe(app.url);
    });

    it("serves its mount path (with any query) and nothing below it", async () => {
      app = await serve();
      const other = await fetch(`${app.url}/other`, {
        method: "POST",
        headers: jsonHeaders,
        body: initialize,
      });
      expect(other.status).toBe(404);
      expect(other.headers.get("mcp-session-id")).toBeNull();
      const query = await fetch(`${app.url}?tenant=1`, {
        method: "POST",
        headers: jsonHeaders,
        body: initialize,
      });
      expect(query.status).toBe(200);
      expect(query.headers.get("mcp-session-id")).toMatch(/./);
    });

    it("answers CORS with the endpoint's own `cors`: preflight, exposed headers, foreign origins refused", async () => {
      const origin = "https://app.example.com";
      app = await serve({ cors: true, allowedOrigins: [origin] });
      await expectCorsAllowed(app.url, origin);
      const foreign = await fetch(app.url, {
        method: "POST",
        headers: { ...jsonHeaders, origin: "https://evil.example.com" },
        body: initialize,
      });
      expect(foreign.status).toBe(403);
    });

    it("works behind the framework's own CORS middleware given the endpoint's header lists", async () => {
      const origin = "https://app.example.com";
      const server = whoamiServer();
      app = await start({ onSession: (t) => server.connect(t), allowedOrigins: [origin] }, origin);
      const opened = await expectCorsAllowed(app.url, origin);
      expect(opened.headers.get("mcp-session-id")).toMatch(/./);
    });

    it("shuts down: the integration's close() ends the sessions and their streams, then answers 503", async () => {
      app = await serve();
      const opened = await fetch(app.url, { method: "POST", headers: jsonHeaders, body: initialize });
      const session = opened.headers.get("mcp-session-id") ?? "";
      const stream = await fetch(app.url, {
        headers: {
          accept: "text/event-stream",
          "mcp-session-id": session,
          "mcp-protocol-version": "2025-06-18",
        },
      });
      expect(stream.status).toBe(200);
      expect(app.handler.sessionCount).toBe(1);
      const ended = stream.text();
      await app.closeEndpoint();
      expect(app.handler.sessionCount).toBe(0);
      // Every SSE response starts with the `: stream open` comment; nothing follows it.
      expect(await ended).toBe(": stream open\n\n");
      const after = await fetch(app.url, { method: "POST", headers: jsonHeaders, body: initialize });
      expect(after.status).toBe(503);
    });
  });
}

/**
 * The test of a framework's example: started with its documented command (`pnpm --filter NAME
 * start`, `PORT=0`), its `add` tool called in both eras, `whoami` with the example's demo token,
 * then stopped with SIGTERM, after which it says `closed` (its clean shutdown ran).
 */
/**
 * A preflight from `origin` is allowed with `Mcp-Session-Id` among the request headers, and an
 * `initialize` from it is answered with the origin allowed and the session header exposed.
 */
async function expectCorsAllowed(url: string, origin: string): Promise<Response> {
  const preflight = await fetch(url, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "mcp-session-id",
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
  expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("mcp-session-id");
  const opened = await fetch(url, { method: "POST", headers: { ...jsonHeaders, origin }, body: initialize });
  expect(opened.status).toBe(200);
  expect(opened.headers.get("access-control-allow-origin")).toBe(origin);
  expect(opened.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("mcp-session-id");
  return opened;
}

export function exampleContract(name: string): void {
  describe(name, () => {
    let example: RunningExample | undefined;
    afterEach(async () => {
      await example?.stop();
      example = undefined;
    });

    it("starts with its documented command, serves both eras, and shuts down on SIGTERM", async () => {
      example = await startExample(name);
      const { url } = example;
      expect(await callTool(url, "stateless", "add", { a: 2, b: 3 })).toBe("stateless 5");
      expect(await callTool(url, "session", "add", { a: 2, b: 3 })).toBe("session 5");
      const token = { authorization: "Bearer demo-token" };
      expect(await callTool(url, "session", "whoami", {}, token)).toBe("session demo-user");
      expect(await callTool(url, "stateless", "whoami", {})).toBe("stateless anonymous");
      await example.stop();
      expect(example.output()).toMatch(/^closed$/m);
    }, 90_000);
  });
}
