import { existsSync } from "node:fs";
import { Client, type ClientOptions } from "@mcpkit/client";
import type { ClientAuthProvider, Transport } from "@mcpkit/core";
import { isRevision, revisions } from "@mcpkit/schema";
import { HttpClientTransport } from "@mcpkit/transport-http";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { WebSocketClientTransport } from "@mcpkit/transport-ws";
import type { ConnectionArgs } from "./args.js";
import { CliError, UsageError } from "./errors.js";
import type { Io } from "./io.js";
import { version } from "./version.js";
import { describeFailure } from "./failure.js";

/** A connected client and how it got there. */
export interface Connected {
  readonly client: Client;
  /** `stdio`, `streamable-http`, `sse` or `websocket`. */
  transportName(): string;
  close(): Promise<void>;
}

/** Handlers and options a command adds to the client (sampling, elicitation, ...). */
export type ClientExtras = Omit<ClientOptions, "clientInfo" | "revision" | "timeoutMs">;

/** The last line a stdio server wrote to stderr (one call per line), for the error when it does not start. */
class StderrTail {
  private last: string | undefined;
  constructor(private readonly echo: ((text: string) => void) | undefined) {}
  readonly write = (line: string): void => {
    this.echo?.(`${line}\n`);
    if (line.trim() !== "") this.last = line.trim().slice(0, 500);
  };
  lastLine(): string | undefined {
    return this.last;
  }
}

/**
 * Connects to the target: spawns a stdio server or opens an HTTP or WebSocket transport, then
 * settles the era (or the forced `--revision`). Failures become one-line {@link CliError}s.
 */
export async function connect(
  args: ConnectionArgs,
  io: Io,
  extras: ClientExtras = {},
  auth?: ClientAuthProvider,
  signal?: AbortSignal,
): Promise<Connected> {
  if (args.revision !== undefined && !isRevision(args.revision))
    throw new UsageError(`--revision: unknown revision "${args.revision}" (${revisions.join(", ")})`);
  const stderr = new StderrTail(args.verbose ? io.err : undefined);
  const authProvider = auth ?? (await storedAuth(args));
  let current: Transport | undefined;
  const make = (): Transport => {
    current = transportFor(args, stderr.write, authProvider);
    return current;
  };
  const client = new Client({
    clientInfo: { name: "mcpkit-cli", version: version() },
    ...extras,
    ...(args.revision !== undefined && { revision: args.revision as ClientOptions["revision"] }),
    ...(args.timeoutMs !== undefined && { timeoutMs: args.timeoutMs }),
  });
  try {
    await client.connect(make, signal ? { signal } : {});
  } catch (error) {
    await client.close().catch(() => {});
    if (signal?.aborted) throw new CliError("cancelled", 130, { cause: error });
    throw new CliError(describeFailure(error, args, stderr.lastLine()), 1, { cause: error });
  }
  return {
    client,
    transportName: () => transportName(current),
    close: () => client.close(),
  };
}

/** The tokens `mcpkit login` stored for a URL target, as an auth provider (loaded only then). */
export async function storedAuth(args: ConnectionArgs): Promise<ClientAuthProvider | undefined> {
  if (args.target.kind !== "url") return undefined;
  const { tokenFile } = await import("./auth/token-files.js");
  if (!existsSync(tokenFile(args.target.url))) return undefined;
  const { storedProvider } = await import("./auth/providers.js");
  return storedProvider(args.target.url);
}

/** The transport for a target: stdio, WebSocket, or HTTP (Streamable, HTTP+SSE, or auto). */
export function transportFor(
  args: ConnectionArgs,
  stderr: (text: string) => void,
  authProvider?: ClientAuthProvider,
): Transport {
  const { target } = args;
  if (target.kind === "stdio") {
    return new StdioClientTransport({ command: target.command, args: target.args, stderr });
  }
  const url = target.url.href;
  const ws = target.url.protocol === "ws:" || target.url.protocol === "wss:";
  if (args.transport === "ws" || (args.transport === undefined && ws)) {
    return new WebSocketClientTransport(url, {
      headers: args.headers,
      ...(authProvider && { authProvider }),
    });
  }
  if (ws) throw new UsageError(`--transport ${args.transport} needs an http(s) URL`);
  const mode = args.transport === "sse" ? "legacy" : args.transport === "streamable" ? "streamable" : "auto";
  const headers = args.headers;
  return new HttpClientTransport(url, {
    mode,
    headers: () => headers,
    ...(authProvider && { authProvider }),
  });
}

function transportName(transport: Transport | undefined): string {
  if (transport instanceof StdioClientTransport) return "stdio";
  if (transport instanceof WebSocketClientTransport) return "websocket";
  if (transport instanceof HttpClientTransport)
    return transport.kind === "legacy" ? "sse" : "streamable-http";
  return "unknown";
}
