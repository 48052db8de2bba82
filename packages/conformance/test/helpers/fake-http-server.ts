import { randomUUID } from "node:crypto";
import { type IncomingMessage, type Server, createServer } from "node:http";

/** What a 2026-07-28 list result carries besides its items. */
const MODERN_LIST = {
  resultType: "complete",
  ttlMs: 0,
  cacheScope: "private",
  _meta: { "io.modelcontextprotocol/serverInfo": { name: "fake", version: "1.0.0" } },
};

/** What the fake Streamable HTTP server saw, for assertions. */
export interface FakeHttpLog {
  requests: { method: string; headers: Record<string, string | string[] | undefined>; body: string }[];
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A raw node:http MCP server for the runner's tests: sessions with random ids, a version-header
 * check, JSON answers, and an SSE answer (a log notification, then the result) for tools/list.
 * mode "hang": tools/list is never answered. mode "session-only": no stateless era, so every
 * request without a session (server/discover included) is refused with 400, like a 1.x SDK server.
 */
export async function startFakeHttpServer(mode: "good" | "hang" | "session-only" = "good") {
  const log: FakeHttpLog = { requests: [] };
  const sessions = new Set<string>();
  const server: Server = createServer(async (req, res) => {
    const text = await body(req);
    log.requests.push({ method: req.method ?? "", headers: req.headers, body: text });
    if (!String(req.headers.host).startsWith("127.0.0.1:")) {
      res.writeHead(403, { "content-type": "text/plain" }).end("forbidden host");
      return;
    }
    if (req.method === "GET") {
      res.writeHead(405).end();
      return;
    }
    if (req.method === "DELETE") {
      sessions.delete(String(req.headers["mcp-session-id"]));
      res.writeHead(200).end();
      return;
    }
    let message: { id?: number | string; method?: string; params?: Record<string, unknown> };
    try {
      message = JSON.parse(text);
    } catch {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }));
      return;
    }
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    const { id, method, params } = message;
    const stateless = mode !== "session-only" && req.headers["mcp-protocol-version"] === "2026-07-28";
    if (method === "initialize") {
      const session = randomUUID();
      sessions.add(session);
      json(
        200,
        {
          jsonrpc: "2.0",
          id,
          result: {
            protocolVersion: params?.protocolVersion,
            capabilities: { tools: {}, logging: {} },
            serverInfo: { name: "fake-http", version: "1.0.0" },
          },
        },
        { "mcp-session-id": session },
      );
      return;
    }
    if (!stateless) {
      if (!sessions.has(String(req.headers["mcp-session-id"]))) {
        json(400, {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32000, message: "Bad Request: missing session" },
        });
        return;
      }
    } else if (req.headers["mcp-method"] !== method) {
      json(400, { jsonrpc: "2.0", id: id ?? null, error: { code: -32020, message: "Mcp-Method mismatch" } });
      return;
    }
    if (id === undefined) {
      res.writeHead(202).end();
      return;
    }
    switch (method) {
      case "server/discover":
        json(200, {
          jsonrpc: "2.0",
          id,
          result: {
            resultType: "complete",
            supportedVersions: ["2026-07-28"],
            capabilities: { tools: {}, logging: {} },
            ttlMs: 0,
            cacheScope: "private",
            _meta: { "io.modelcontextprotocol/serverInfo": { name: "fake", version: "1.0.0" } },
          },
        });
        return;
      case "ping":
        json(200, { jsonrpc: "2.0", id, result: {} });
        return;
      case "tools/list": {
        if (mode === "hang") return;
        res.writeHead(200, { "content-type": "text/event-stream", "x-accel-buffering": "no" });
        res.write("id: ev-1\nretry: 500\ndata:\n\n");
        // A log message during a 2026-07-28 request only when that request asks for one.
        if (!stateless)
          res.write(
            `event: message\nid: ev-2\ndata: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } })}\n\n`,
          );
        res.write(
          `id: ev-3\ndata: ${JSON.stringify({ jsonrpc: "2.0", id, result: { tools: [{ name: "test_simple_text", inputSchema: { type: "object" } }], ...(stateless ? MODERN_LIST : {}) } })}\n\n`,
        );
        res.end();
        return;
      }
      case "tools/call":
        json(200, { jsonrpc: "2.0", id, error: { code: -32602, message: "Unknown tool" } });
        return;
      default:
        json(200, { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
