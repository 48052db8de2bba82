// The echo tool on the official SDK 2.x (@modelcontextprotocol/server, zod input schema); HTTP
// through @modelcontextprotocol/node with one server and transport per session, as its docs do.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";
import { runAsChild } from "../../lib/child.mjs";
import { listenOnLoopback } from "../../lib/listen.mjs";

export function createEchoServer() {
  const server = new McpServer({ name: "official-v2-echo", version: "1.0.0" });
  server.registerTool("echo", { inputSchema: z.object({ text: z.string() }) }, ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  return server;
}

function serveHttp() {
  const sessions = new Map();
  const httpServer = createServer((req, res) => {
    const id = req.headers["mcp-session-id"];
    const known = typeof id === "string" ? sessions.get(id) : undefined;
    if (known) return void known.handleRequest(req, res);
    if (typeof id === "string") return void res.writeHead(404).end("unknown session");
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    });
    transport.onclose = () => void sessions.delete(transport.sessionId);
    void createEchoServer()
      .connect(transport)
      .then(() => transport.handleRequest(req, res));
  });
  return listenOnLoopback(httpServer);
}

await runAsChild(import.meta.url, {
  stdio: () => createEchoServer().connect(new StdioServerTransport()),
  http: serveHttp,
});
