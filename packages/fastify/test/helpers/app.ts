import { Client, type ClientMode } from "@mcpkit/client";
import { Server } from "@mcpkit/server";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";

/** A server with one tool, `whoami`, that answers with the subject handlers see as `ctx.auth`. */
export function whoamiServer(): Server {
  const server = new Server({ name: "fastify-test", version: "1.0.0" });
  server.tool({ name: "whoami", inputSchema: { type: "object" } }, (_args, ctx) => ({
    content: [
      { type: "text", text: `${ctx.auth?.subject ?? "anonymous"} ${ctx.auth?.scopes?.join(",") ?? ""}` },
    ],
  }));
  return server;
}

/** Calls `whoami` at `url` in one era, with `headers` on every request; resolves with era and text. */
export async function whoami(
  url: string,
  mode: ClientMode,
  headers: Record<string, string> = {},
): Promise<string> {
  const client = new Client({ clientInfo: { name: "fastify-test", version: "1.0.0" }, mode });
  await client.connect(new StreamableHttpClientTransport(url, { headers: () => headers }));
  try {
    const result = await client.callTool({ name: "whoami", arguments: {} });
    const first = result.content[0];
    return `${client.era} ${first?.type === "text" ? first.text : ""}`;
  } finally {
    await client.close();
  }
}

/** A 2025-06-18 initialize POST body. */
export const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

export const jsonHeaders = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};
