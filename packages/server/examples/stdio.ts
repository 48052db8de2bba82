import { Server } from "@mcpkit/server";
import { StdioServerTransport } from "@mcpkit/transport-stdio";

const server = new Server({ name: "hello", version: "1.0.0" }, { instructions: "Say hello." });
server.tool(
  { name: "hello", inputSchema: { type: "object", properties: { name: { type: "string" } } } },
  ({ name }) => ({ content: [{ type: "text", text: `Hello, ${String(name ?? "world")}!` }] }),
);

// Any revision, either era: the client's first message decides.
const session = await server.connect(new StdioServerTransport());
await session.closed;
