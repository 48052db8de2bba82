// Connect to a server launched over stdio; works with servers of every revision.
import { Client } from "@mcpkit/client";
import { StdioClientTransport } from "@mcpkit/transport-stdio";

const client = new Client({ clientInfo: { name: "my-app", version: "1.0.0" } });
// A factory (not a transport) lets the client reconnect to an older server that exits on the probe.
await client.connect(() => new StdioClientTransport({ command: "node", args: ["./build/server.js"] }));
console.log(`speaking ${client.revision} (${client.era}) with ${client.serverInfo?.name}`);
for (const tool of await client.listTools()) console.log(tool.name, tool.description ?? "");
await client.close();
