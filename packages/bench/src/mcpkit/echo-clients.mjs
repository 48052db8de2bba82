// Echo round trips through mcpkit's engine: in one process, and spawning a stdio server.
import { Connection, SessionClientEra, createInMemoryPair } from "@mcpkit/core";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { mcpkitEchoServer } from "./echo-server.mjs";

const serverScript = new URL("./echo-server.mjs", import.meta.url).pathname;

async function connected(transport) {
  const era = new SessionClientEra({ clientInfo: { name: "bench", version: "1.0.0" } });
  const connection = new Connection({ era });
  await connection.connect(transport);
  await era.initialize();
  return connection;
}

const call = (connection) => (text) =>
  connection.request("tools/call", { name: "echo", arguments: { text } });

export async function mcpkitInProcess() {
  const [clientSide, serverSide] = createInMemoryPair({ json: false });
  const server = mcpkitEchoServer();
  await server.connect(serverSide);
  const client = await connected(clientSide);
  return {
    call: call(client),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export async function mcpkitStdio() {
  const client = await connected(
    new StdioClientTransport({ command: process.execPath, args: [serverScript], stderr: "inherit" }),
  );
  return { call: call(client), close: () => client.close() };
}
