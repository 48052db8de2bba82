// The official SDK 1.x client (@modelcontextprotocol/sdk) against its own server.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { serverArgs } from "../../lib/node-args.mjs";
import { createEchoServer } from "./server.mjs";

export const name = "official 1.x";
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
