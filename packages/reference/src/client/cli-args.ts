/** The transports the conformance client can use. */
export type ClientTransportKind = "stdio" | "http" | "sse" | "ws";

/** What the conformance client connects to. */
export interface ClientTarget {
  readonly transport: ClientTransportKind;
  /** The server URL (network transports). */
  readonly url: string | undefined;
  /** stdio: the server command, split on spaces; undefined spawns the everything-server. */
  readonly command: readonly string[] | undefined;
}

export class ClientUsageError extends Error {}

export const CLIENT_USAGE =
  'usage: MCP_CONFORMANCE_SCENARIO=<name> conformance-client [--transport http|sse|ws|stdio] [--stdio "COMMAND"] [URL]';

/**
 * mcpkit's runner names the transport in MCP_CONFORMANCE_TRANSPORT; for stdio the last argument
 * (also MCP_CONFORMANCE_SERVER_COMMAND) is a command line to run through `sh -c`.
 */
function runnerTarget(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ClientTarget | undefined {
  const kind = env.MCP_CONFORMANCE_TRANSPORT;
  const last = argv.at(-1);
  if (kind === "stdio") {
    const line = env.MCP_CONFORMANCE_SERVER_COMMAND || last;
    if (!line) throw new ClientUsageError("MCP_CONFORMANCE_TRANSPORT=stdio needs the server command line");
    return { transport: "stdio", url: undefined, command: ["sh", "-c", line] };
  }
  if ((kind === "http" || kind === "ws" || kind === "sse") && last !== undefined && !last.startsWith("--")) {
    return { transport: kind, url: last, command: undefined };
  }
  return undefined;
}

/**
 * Parses the conformance client's arguments. The official harness appends the server URL as the
 * last argument; without one the client speaks stdio (to `--stdio "COMMAND"` or the everything-server).
 *
 * @example
 * ```ts
 * parseClientArgs(["http://localhost:3000/mcp"]); // { transport: "http", url: "http://localhost:3000/mcp", command: undefined }
 * parseClientArgs(["--stdio", "node server.js"]); // { transport: "stdio", url: undefined, command: ["node", "server.js"] }
 * ```
 */
export function parseClientArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): ClientTarget {
  const fromRunner = runnerTarget(argv, env);
  if (fromRunner) return fromRunner;
  let transport: ClientTransportKind | undefined;
  let command: string[] | undefined;
  let url: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--transport" || arg.startsWith("--transport=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      if (value !== "http" && value !== "sse" && value !== "ws" && value !== "stdio") {
        throw new ClientUsageError(`unknown transport "${String(value)}" (http, sse, ws or stdio)`);
      }
      transport = value;
    } else if (arg === "--stdio" || arg.startsWith("--stdio=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      const parts = (value ?? "").split(" ").filter((p) => p !== "");
      if (parts.length === 0) throw new ClientUsageError("--stdio needs a command");
      command = parts;
    } else if (arg.startsWith("--")) {
      throw new ClientUsageError(`unknown argument "${arg}"`);
    } else {
      url = arg; // the last positional argument wins: the harness appends the URL
    }
  }
  if (url === undefined || command !== undefined) {
    if (transport !== undefined && transport !== "stdio")
      throw new ClientUsageError(`--transport ${transport} needs a URL`);
    return { transport: "stdio", url: undefined, command };
  }
  if (transport === "stdio") throw new ClientUsageError("--transport stdio takes no URL");
  const kind = transport ?? (url.startsWith("ws:") || url.startsWith("wss:") ? "ws" : "http");
  return { transport: kind, url, command: undefined };
}
