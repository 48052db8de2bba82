// The official SDK 2.x client (@modelcontextprotocol/client) against its own server.
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { serverArgs } from "../../lib/node-args.mjs";
import { createEchoServer } from "./server.mjs";

export const name = "official 2.x";
export const serverScript = new URL("./server.mjs", import.meta.url).pathname;

async function connected(transport) {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(transport);
  const call = async (text) => {
    const result = await client.callTool({ name: "echo", arguments: { text } });
    return result.content[0].text;
  };
  return { call, close: () => client.close() };
}

export async function inProcess() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createEchoServer().connect(serverSide);
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
  return connected(new StreamableHTTPClientTransport(new URL(url)));
}
