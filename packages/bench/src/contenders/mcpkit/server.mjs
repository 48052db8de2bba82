// The echo tool on @mcpkit/server, used the way a user would: a Server definition, connected to
// an in-memory pair, to stdio, or to Streamable HTTP (one definition serving every session).
import { Server } from "@mcpkit/server";
import { serveStreamableHttp } from "@mcpkit/transport-http/node";
import { StdioServerTransport } from "@mcpkit/transport-stdio";
import { runAsChild } from "../../lib/child.mjs";

export function createEchoServer() {
  const server = new Server({ name: "mcpkit-echo", version: "1.0.0" });
  server.tool(
    {
      name: "echo",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    },
    ({ text }) => ({ content: [{ type: "text", text }] }),
  );
  return server;
}

await runAsChild(import.meta.url, {
  stdio: () => createEchoServer().connect(new StdioServerTransport()),
  http: async () => {
    const server = createEchoServer();
    const http = await serveStreamableHttp({ onSession: (transport) => server.connect(transport) });
    return http.url;
  },
});
