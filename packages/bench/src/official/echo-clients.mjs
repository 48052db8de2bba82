// Echo round trips through the official SDK (1.x): in one process, and spawning a stdio server.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { officialEchoServer } from "./echo-server.mjs";

const serverScript = new URL("./echo-server.mjs", import.meta.url).pathname;

async function connected(transport) {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

export async function officialInProcess() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = officialEchoServer();
  await server.connect(serverSide);
  const client = await connected(clientSide);
  return {
    call: (text) => client.callTool({ name: "echo", arguments: { text } }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export async function officialStdio() {
  const client = await connected(
    new StdioClientTransport({ command: process.execPath, args: [serverScript] }),
  );
  return {
    call: (text) => client.callTool({ name: "echo", arguments: { text } }),
    close: () => client.close(),
  };
}
