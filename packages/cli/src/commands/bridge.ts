import { StdioServerTransport } from "@mcpkit/transport-stdio";
import { parseCommand } from "../args.js";
import { storedAuth, transportFor } from "../connect.js";
import { UsageError } from "../errors.js";
import type { Io } from "../io.js";
import { relay } from "../relay.js";

/**
 * `mcpkit bridge URL`: this process's stdin and stdout become a stdio MCP server that passes every
 * message to the remote server (Streamable HTTP, HTTP+SSE or WebSocket) and back, for hosts that
 * only speak stdio. Logs go to stderr; stdout carries only the protocol.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { connection, rest } = parseCommand(argv);
  if (connection.target.kind !== "url") throw new UsageError("bridge needs a URL (http, https, ws or wss)");
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const log = (message: string) => io.err(`mcpkit bridge: ${message}\n`);
  const remote = transportFor(connection, () => {}, await storedAuth(connection));
  if (connection.verbose) log(`bridging stdio to ${connection.target.url.href}`);
  await relay({ clientSide: new StdioServerTransport(), serverSide: remote, log });
  return 0;
}
