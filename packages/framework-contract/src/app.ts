import type { AuthInfo } from "@mcpkit/core";
import { Client, type ClientMode } from "@mcpkit/client";
import { Server } from "@mcpkit/server";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";

/**
 * What the app's own auth middleware of every contract app recognizes: `Authorization: Bearer
 * token-ada` is the user `ada`. Each framework's app calls {@link identityOf} in its middleware,
 * keeps the result where that framework keeps such things, and its integration's `auth` reads it.
 */
export function identityOf(authorization: string | undefined): AuthInfo | undefined {
  switch (authorization) {
    case "Bearer token-ada":
      return { token: "token-ada", subject: "ada", scopes: ["mcp:tools"] };
    case "Bearer token-bob":
      return { token: "token-bob", subject: "bob", scopes: [] };
    default:
      return undefined;
  }
}

/** A server with one tool, `whoami`, that answers with the subject and scopes of `ctx.auth`. */
export function whoamiServer(): Server {
  const server = new Server({ name: "framework-contract", version: "1.0.0" });
  server.tool({ name: "whoami", inputSchema: { type: "object" } }, (_args, ctx) => ({
    content: [
      { type: "text", text: `${ctx.auth?.subject ?? "anonymous"} ${ctx.auth?.scopes?.join(",") ?? ""}` },
    ],
  }));
  return server;
}

/** Calls `tool` at `url` in one era (with `headers`); resolves with the era and the first text. */
export async function callTool(
  url: string,
  mode: ClientMode,
  tool: string,
  args: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<string> {
  const client = new Client({ clientInfo: { name: "framework-contract", version: "1.0.0" }, mode });
  await client.connect(new StreamableHttpClientTransport(url, { headers: () => headers }));
  try {
    const result = await client.callTool({ name: tool, arguments: args });
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

/** The headers of a JSON POST that accepts both answer forms. */
export const jsonHeaders = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};
