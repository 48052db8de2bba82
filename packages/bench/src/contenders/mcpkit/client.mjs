// @mcpkit/client against @mcpkit/server, used the way a user would. mode "session" (initialize,
// no server/discover probe) so every contender speaks the same session-era protocol.
import { Client } from "@mcpkit/client";
import { createInMemoryPair } from "@mcpkit/core";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { serverArgs } from "../../lib/node-args.mjs";
import { createEchoServer } from "./server.mjs";

export const name = "mcpkit";
export const serverScript = new URL("./server.mjs", import.meta.url).pathname;

async function connected(transport) {
  const client = new Client({ clientInfo: { name: "bench", version: "1.0.0" }, mode: "session" });
  await client.connect(transport);
  const call = async (text) => {
    const result = await client.callTool({ name: "echo", arguments: { text } });
    return result.content[0].text;
  };
  return { call, close: () => client.close() };
}

/** Linked in-memory transports without a JSON round trip, like the official InMemoryTransport. */
export async function inProcess() {
  const [clientSide, serverSide] = createInMemoryPair({ json: false });
  const server = createEchoServer();
  await server.connect(serverSide);
  return connected(clientSide);
}

export async function stdio() {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: serverArgs(serverScript, "stdio"),
    stderr: "inherit",
  });
  const client = await connected(transport);
  return { ...client, pid: transport.pid };
}

export function http(url) {
  return connected(new StreamableHttpClientTransport(url));
}
