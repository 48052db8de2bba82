// The echo tool served by the official SDK (1.x), over stdio when run as a script.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

export function officialEchoServer() {
  const server = new McpServer({ name: "official-echo", version: "1.0.0" });
  server.tool("echo", { text: z.string() }, async ({ text }) => ({ content: [{ type: "text", text }] }));
  return server;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  await officialEchoServer().connect(new StdioServerTransport());
}
