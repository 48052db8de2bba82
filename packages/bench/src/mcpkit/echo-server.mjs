// The echo tool on mcpkit's engine (session era), over stdio when run as a script.
import { Connection, SessionServerEra } from "@mcpkit/core";
import { StdioServerTransport } from "@mcpkit/transport-stdio";

export function mcpkitEchoServer() {
  const era = new SessionServerEra({
    serverInfo: { name: "mcpkit-echo", version: "1.0.0" },
    capabilities: { tools: {} },
  });
  const connection = new Connection({ era });
  connection.setRequestHandler("tools/call", (params) => ({
    content: [{ type: "text", text: String(params.arguments?.text ?? "") }],
  }));
  return connection;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  await mcpkitEchoServer().connect(new StdioServerTransport());
}
