// Heal the connection: expired sessions by default, a crashed server with `connectionLost`.
import { Client, SessionExpiredError } from "@mcpkit/client";
import { StdioClientTransport } from "@mcpkit/transport-stdio";

const client = new Client({
  clientInfo: { name: "my-app", version: "1.0.0" },
  // Also start the server again if its process dies: at most 3 attempts in a row, with backoff.
  reconnect: { connectionLost: true, maxAttempts: 3, initialDelayMs: 200 },
  // A server that stops answering is taken for dead after one unanswered ping (session era).
  healthCheck: { intervalMs: 30_000, timeoutMs: 5_000 },
});
client.on("connectionLost", ({ reason }) => console.warn(`connection lost (${reason})`));
client.on("reconnected", ({ attempt, revision }) =>
  console.warn(`back after ${attempt} attempt(s), ${revision}`),
);
client.on("reconnectFailed", ({ error }) => console.error(error.message));
// Healing opens a fresh transport: give connect() a factory.
await client.connect(() => new StdioClientTransport({ command: "node", args: ["./build/server.js"] }));

try {
  // Reads and lists are sent again on the new connection; so is a tool annotated idempotentHint.
  await client.listTools();
  // This one may have had its effect before the connection was lost: it is not sent again...
  await client.callTool({ name: "send-report", arguments: { to: "ops@example.com" } });
  // ...unless the caller says it may be.
  await client.callTool({ name: "rebuild-index" }, { retry: true });
} catch (error) {
  if (error instanceof SessionExpiredError) console.warn(`session ${error.sessionId} expired mid-call`);
  else throw error;
}
await client.close();
