import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { fixtures, runCli, suiteDir } from "./helpers/cli.js";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** A raw WebSocket MCP server: needs subprotocol "mcp", answers JSON-RPC, closes 1003 on binary. */
async function startFakeWsServer() {
  const http = createServer((_req, res) => res.writeHead(426, { upgrade: "websocket" }).end());
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (set) => (set.has("mcp") ? "mcp" : false),
  });
  http.on("upgrade", (req, socket, head) => {
    if (!String(req.headers["sec-websocket-protocol"] ?? "").includes("mcp")) {
      socket.end(
        'HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nthe WebSocket subprotocol "mcp" is required',
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on("message", (data, isBinary) => {
        if (isBinary) {
          ws.close(1003, "binary messages are not supported; send JSON text");
          return;
        }
        const { id, method, params } = JSON.parse(data.toString());
        if (id === undefined) return;
        const reply = (result: unknown) => ws.send(JSON.stringify({ jsonrpc: "2.0", id, result }));
        if (method === "initialize") {
          reply({
            protocolVersion: params.protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: "ws", version: "1" },
          });
        } else if (method === "server/discover") {
          reply({
            resultType: "complete",
            supportedVersions: ["2026-07-28"],
            capabilities: { tools: {} },
            ttlMs: 0,
            cacheScope: "private",
            _meta: { "io.modelcontextprotocol/serverInfo": { name: "fake", version: "1.0.0" } },
          });
        } else if (method === "tools/list") {
          const tools = [{ name: "test_simple_text", inputSchema: { type: "object" } }];
          // 2026-07-28 requests carry the _meta envelope; their lists carry resultType and cache hints.
          reply(
            params?._meta
              ? {
                  resultType: "complete",
                  tools,
                  ttlMs: 0,
                  cacheScope: "private",
                  _meta: { "io.modelcontextprotocol/serverInfo": { name: "fake", version: "1.0.0" } },
                }
              : { tools },
          );
        } else if (method === "ping") reply({});
        else
          ws.send(
            JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } }),
          );
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  const port = typeof address === "object" && address ? address.port : 0;
  stop = () =>
    new Promise<void>((resolve) => {
      for (const client of wss.clients) client.terminate();
      http.closeAllConnections();
      http.close(() => resolve());
    });
  return `ws://127.0.0.1:${port}/mcp`;
}

describe("server mode over WebSocket", () => {
  it("passes the examples", async () => {
    const url = await startFakeWsServer();
    const run = await runCli([
      "server",
      "--url",
      url,
      "--transcripts",
      fixtures,
      "--id",
      "example/ping,example/tools-list",
    ]);
    expect(run.stdout).not.toContain("Failures:");
    expect(run.last).toBe("conformance: 9 passed, 0 failed");
  });

  it("checks upgrade refusals and close codes", async () => {
    const url = await startFakeWsServer();
    const dir = suiteDir({
      "ws.json": [
        {
          id: "ws/subprotocol",
          title: "no subprotocol is refused with 400",
          side: "server",
          requirements: ["ws.subprotocol"],
          revisions: ["2025-06-18"],
          transports: ["ws"],
          setup: "none",
          autoConnect: false,
          steps: [
            {
              op: "connect",
              ws: { protocols: [] },
              expect: { status: 400, body: 'the WebSocket subprotocol "mcp" is required' },
            },
          ],
        },
        {
          id: "ws/binary",
          title: "binary frames close with 1003",
          side: "server",
          requirements: ["ws.binary"],
          revisions: ["2025-06-18"],
          transports: ["ws"],
          steps: [
            { op: "send", raw: "{}", binary: true },
            { op: "expectClose", code: 1003, reason: { $regex: "^binary messages" } },
          ],
        },
      ],
    });
    const run = await runCli(["server", "--url", url, "--transcripts", dir]);
    expect(run.stdout).not.toContain("Failures:");
    expect(run.last).toBe("conformance: 2 passed, 0 failed");
  });
});
