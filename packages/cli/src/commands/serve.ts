import type { Transport } from "@mcpkit/core";
import { serveStreamableHttp } from "@mcpkit/transport-http/node";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { parseCommand } from "../args.js";
import { UsageError } from "../errors.js";
import type { Io } from "../io.js";
import { onInterrupt } from "../interrupt.js";
import { relay } from "../relay.js";

/**
 * `mcpkit serve [--port N] [--host H] -- COMMAND`: a stdio server exposed over Streamable HTTP.
 * Each HTTP session gets its own server process (a stdio server serves one client). Host and
 * Origin are checked (loopback names only, unless `--allow-host` adds one). Prints the endpoint
 * URL as the first line of stdout; runs until Ctrl-C or SIGTERM.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { connection, rest, values } = parseCommand(argv, {
    port: { type: "string" },
    host: { type: "string" },
    path: { type: "string" },
    "allow-host": { type: "string", multiple: true },
    "allow-origin": { type: "string", multiple: true },
    "max-sessions": { type: "string" },
  });
  const { target } = connection;
  if (target.kind !== "stdio") throw new UsageError("serve needs a server command (after --, or quoted)");
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const port = integer(values.port, "--port", 0);
  const maxSessions = integer(values["max-sessions"], "--max-sessions", 16);
  const host = (values.host as string | undefined) ?? "127.0.0.1";
  const log = (message: string) => io.err(`mcpkit serve: ${message}\n`);
  const extraHosts = (values["allow-host"] as string[] | undefined) ?? [];
  const extraOrigins = (values["allow-origin"] as string[] | undefined) ?? [];
  const sessions = new Set<Promise<void>>();
  const server = await serveStreamableHttp({
    host,
    port,
    path: (values.path as string | undefined) ?? "/mcp",
    maxSessions,
    ...(extraHosts.length > 0 && { allowedHosts: ["localhost", "127.0.0.1", "[::1]", ...extraHosts] }),
    ...(extraOrigins.length > 0 && { allowedOrigins: extraOrigins }),
    onSession: async (session: Transport) => {
      const child = new StdioClientTransport({
        command: target.command,
        args: target.args,
        stderr: connection.verbose ? (line) => io.err(`${line}\n`) : "ignore",
      });
      const done = relay({ clientSide: session, serverSide: child, log }).catch((error: Error) => {
        log(`a session ended: ${error.message}`);
        void session.close().catch(() => {});
      });
      sessions.add(done);
      void done.finally(() => sessions.delete(done));
    },
    onError: (error) => log(`${(error as Error).message}`),
  });
  io.out(`${server.url}\n`);
  log(
    `serving "${[target.command, ...target.args].join(" ")}" at ${server.url} (one process per session); Ctrl-C stops`,
  );
  await new Promise<void>((resolve) => {
    const stop = onInterrupt(resolve);
    process.once("SIGTERM", () => {
      stop();
      resolve();
    });
  });
  await server.close();
  await Promise.all(sessions);
  return 0;
}

function integer(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`${name}: expected a whole number, got "${String(value)}"`);
  return n;
}
