import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createStreamableHttpHandler, type StreamableHttpHandler } from "../src/index.js";
import { type FrameworkRequest, type NodeMiddleware, streamableHttpMiddleware } from "../src/node.js";
import { initializeRequest, POST_HEADERS } from "./helpers.js";
import { raw, refusalBody, respond } from "./raw.js";
import { forEachHttpPath, onPath } from "./http-paths.js";

const servers: Server[] = [];
let handler: StreamableHttpHandler | undefined;
afterEach(async () => {
  await handler?.close();
  handler = undefined;
  for (const server of servers.splice(0)) {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
});

/** A body parser as frameworks have them: reads the stream and leaves the result in `req.body`. */
function bodyParser(as: "json" | "text" | "buffer"): NodeMiddleware {
  return (req, _res, next) => {
    if (req.method !== "POST") return next?.();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const buffer = Buffer.concat(chunks);
      req.body =
        as === "buffer" ? buffer : as === "text" ? buffer.toString("utf8") : JSON.parse(buffer.toString());
      next?.();
    });
  };
}

/** A bare node:http server running `middlewares` in turn, as connect does; 404 when none answers. */
async function app(...middlewares: NodeMiddleware[]): Promise<string> {
  const httpServer = createServer((req: IncomingMessage, res: ServerResponse) => {
    const run = (index: number): void => {
      const middleware = middlewares[index];
      if (!middleware) {
        res.writeHead(404, { "content-type": "text/plain" }).end("no route");
        return;
      }
      middleware(req as FrameworkRequest, res, () => run(index + 1));
    };
    run(0);
  });
  servers.push(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
}

function endpoint(options: { maxBodyBytes?: number } = {}): StreamableHttpHandler {
  handler = createStreamableHttpHandler({
    onSession: (transport) => respond(transport),
    jsonResponse: true,
    ...options,
  });
  return handler;
}

const INIT = JSON.stringify(initializeRequest(1));

async function session(base: string): Promise<string> {
  const response = await raw(`${base}/mcp`, { headers: POST_HEADERS, body: INIT });
  expect([response.status, response.body]).toEqual([
    200,
    JSON.stringify({ jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-11-25" } }),
  ]);
  return String(response.headers["mcp-session-id"]);
}

async function listTools(base: string, sessionId: string) {
  return raw(`${base}/mcp`, {
    headers: { ...POST_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" },
    body: JSON.stringify({ jsonrpc: "2.0", id: "t", method: "tools/list" }),
  });
}

const TOOLS_ANSWER = JSON.stringify({ jsonrpc: "2.0", id: "t", result: { method: "tools/list" } });

forEachHttpPath(() => {
  describe("streamableHttpMiddleware", () => {
    it("reads the raw body stream when no parser ran, and passes other paths to next", async () => {
      const base = await app(streamableHttpMiddleware(onPath(endpoint()), { path: "/mcp" }));
      const sessionId = await session(base);
      expect((await listTools(base, sessionId)).body).toBe(TOOLS_ANSWER);
      const other = await raw(`${base}/elsewhere`, { headers: POST_HEADERS, body: INIT });
      expect([other.status, other.body]).toEqual([404, "no route"]);
      const query = await raw(`${base}/mcp?x=1`, { headers: POST_HEADERS, body: INIT });
      expect(query.status).toBe(200);
    });

    for (const as of ["json", "text", "buffer"] as const) {
      it(`takes a body a framework already parsed into req.body (${as})`, async () => {
        const base = await app(
          bodyParser(as),
          streamableHttpMiddleware(onPath(endpoint()), { path: "/mcp" }),
        );
        const sessionId = await session(base);
        expect((await listTools(base, sessionId)).body).toBe(TOOLS_ANSWER);
        const notification = await raw(`${base}/mcp`, {
          headers: { ...POST_HEADERS, "mcp-session-id": sessionId },
          body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        });
        expect([notification.status, notification.body]).toEqual([202, ""]);
      });
    }

    it("keeps the body limit for a parsed body", async () => {
      const base = await app(
        bodyParser("json"),
        streamableHttpMiddleware(onPath(endpoint({ maxBodyBytes: 64 })), { path: "/mcp" }),
      );
      const response = await raw(`${base}/mcp`, { headers: POST_HEADERS, body: INIT });
      expect([response.status, response.body]).toEqual([
        413,
        refusalBody("Payload Too Large: the limit is 64 bytes"),
      ]);
    });

    it("serves GET streams and DELETE through the middleware too", async () => {
      const base = await app(
        bodyParser("json"),
        streamableHttpMiddleware(onPath(endpoint()), { path: "/mcp" }),
      );
      const sessionId = await session(base);
      const get = await fetch(`${base}/mcp`, {
        headers: { accept: "text/event-stream", "mcp-session-id": sessionId },
      });
      expect([get.status, get.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
      await get.body?.cancel();
      const deleted = await raw(`${base}/mcp`, {
        method: "DELETE",
        headers: { "mcp-session-id": sessionId },
      });
      expect(deleted.status).toBe(204);
      expect((await listTools(base, sessionId)).status).toBe(404);
    });

    it("without a path it serves whatever it is given (mounted by the framework), 404 without next", async () => {
      const mcp = streamableHttpMiddleware(onPath(endpoint()));
      const base = await app((req, res, next) => (req.url?.startsWith("/mcp") ? mcp(req, res) : next?.()));
      expect((await raw(`${base}/mcp`, { headers: POST_HEADERS, body: INIT })).status).toBe(200);
      expect((await raw(`${base}/nope`, { headers: POST_HEADERS, body: INIT })).status).toBe(404);
      await handler?.close();
      const pathOnly = streamableHttpMiddleware(onPath(endpoint()), { path: "/mcp" });
      const base2 = await app((req, res) => pathOnly(req, res));
      const response = await raw(`${base2}/other`, { headers: POST_HEADERS, body: INIT });
      expect([response.status, response.body]).toEqual([404, "Not Found"]);
    });

    it("answers 400 to a Host that is not host[:port], with or without a body parser", async () => {
      const invalid = refusalBody("Bad Request: invalid Host header (expected host[:port])");
      const base = await app(
        bodyParser("json"),
        streamableHttpMiddleware(onPath(endpoint()), { path: "/mcp" }),
      );
      for (const host of ["evil.example@127.0.0.1", "127.0.0.1/x", "localhost#x"]) {
        const response = await raw(`${base}/mcp`, { headers: { ...POST_HEADERS, host }, body: INIT });
        expect([response.status, response.body], host).toEqual([400, invalid]);
      }
      await handler?.close();
      const bare = await app(streamableHttpMiddleware(onPath(endpoint()), { path: "/mcp" }));
      const response = await raw(`${bare}/mcp`, { headers: { ...POST_HEADERS, host: "a\\b" }, body: INIT });
      expect([response.status, response.body]).toEqual([400, invalid]);
    });
  });
});
