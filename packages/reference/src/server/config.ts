import type { JsonResponse } from "@mcpkit/transport-http";

/** The transports the everything-server can serve. */
export type TransportKind = "stdio" | "http" | "sse" | "ws";

const KINDS: readonly TransportKind[] = ["stdio", "http", "sse", "ws"];

/** How the everything-server runs, from its command line. */
export interface ServerConfig {
  readonly transport: TransportKind;
  readonly host: string;
  /** 0: any free port. */
  readonly port: number;
  /** Serve only the stateless era (2026-07-28): no `initialize`, no sessions. */
  readonly stateless: boolean;
  /**
   * How Streamable HTTP answers a POST: `"when-ready"` (the SDK's default: JSON when the answer
   * is ready at once, else SSE), `true` always JSON (`--json-response`), `false` always SSE
   * (`--sse-response`).
   */
  readonly jsonResponse: JsonResponse;
  /**
   * Protect the endpoint as an OAuth resource server trusting the authorization server with this
   * issuer (`--auth-issuer URL`): its metadata is discovered, access tokens are JWTs verified
   * against its `jwks_uri` with the server's own URL as audience, and the protected-resource
   * metadata is served at the endpoint's well-known URL. Network transports only.
   */
  readonly authIssuer?: string;
  /** Scopes every request needs (`--auth-scopes a,b`); only with `authIssuer`. */
  readonly authScopes?: readonly string[];
  /**
   * Join a fleet on this Redis (`--redis redis://host:port`): tasks and resumable SSE events live
   * there, so every process started with the same URL and secret serves the same tasks and streams.
   * Streamable HTTP only.
   */
  readonly redis?: string;
  /**
   * The `requestState` and cursor sealing secret (`--secret S`, else `MCPKIT_STATE_SECRET`), at
   * least 16 characters; a fleet's processes must share it. Default: a random one per process.
   */
  readonly secret?: string;
}

/** A command-line mistake: the message is shown with the usage. */
export class UsageError extends Error {}

export const SERVER_USAGE =
  "usage: everything-server [--transport stdio|http|sse|ws | --stdio|--http|--sse|--ws] [--host 127.0.0.1] [--port N] [--stateless] [--json-response | --sse-response] [--auth-issuer URL [--auth-scopes a,b]] [--redis URL] [--secret S]";

/**
 * Parses the everything-server's arguments (`--name value` or `--name=value`).
 *
 * @example
 * ```ts
 * parseServerArgs(["--transport", "http", "--port=0"]); // { transport: "http", host: "127.0.0.1", port: 0, ... }
 * ```
 */
export function parseServerArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): ServerConfig {
  let transport: TransportKind = "stdio";
  let host = "127.0.0.1";
  let port = 0;
  let stateless = false;
  let jsonResponse: JsonResponse = "when-ready";
  let authIssuer: string | undefined;
  let authScopes: string[] | undefined;
  let redis: string | undefined;
  let secret = env.MCPKIT_STATE_SECRET === "" ? undefined : env.MCPKIT_STATE_SECRET;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [name, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new UsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case "--transport": {
        const v = value();
        if (!KINDS.includes(v as TransportKind))
          throw new UsageError(`unknown transport "${v}" (stdio, http, sse or ws)`);
        transport = v as TransportKind;
        break;
      }
      // Shorthands: --stdio, --http, --sse, --ws.
      case "--stdio":
      case "--http":
      case "--sse":
      case "--ws":
        transport = name.slice(2) as TransportKind;
        break;
      case "--host":
        host = value();
        break;
      case "--port": {
        const v = value();
        const n = Number(v);
        if (!/^\d+$/.test(v) || n > 65535) throw new UsageError(`--port must be 0..65535, not "${v}"`);
        port = n;
        break;
      }
      case "--stateless":
        stateless = true;
        break;
      case "--json-response":
        jsonResponse = true;
        break;
      case "--sse-response":
        jsonResponse = false;
        break;
      case "--auth-issuer": {
        const v = value();
        if (!URL.canParse(v)) throw new UsageError(`--auth-issuer must be a URL, not "${v}"`);
        authIssuer = v;
        break;
      }
      case "--auth-scopes":
        authScopes = value()
          .split(",")
          .map((scope) => scope.trim())
          .filter((scope) => scope !== "");
        break;
      case "--redis": {
        const v = value();
        if (!/^rediss?:\/\//.test(v) || !URL.canParse(v))
          throw new UsageError(`--redis must be a redis:// URL, not "${v}"`);
        redis = v;
        break;
      }
      case "--secret":
        secret = value();
        break;
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  if (authScopes !== undefined && authIssuer === undefined)
    throw new UsageError("--auth-scopes needs --auth-issuer");
  if (authIssuer !== undefined && transport === "stdio")
    throw new UsageError("--auth-issuer needs a network transport (http, sse or ws)");
  if (redis !== undefined && transport !== "http") throw new UsageError("--redis needs --transport http");
  if (secret !== undefined && secret.length < 16)
    throw new UsageError("the secret must have at least 16 characters");
  return {
    transport,
    host,
    port,
    stateless,
    jsonResponse,
    ...(authIssuer === undefined ? {} : { authIssuer }),
    ...(authScopes === undefined ? {} : { authScopes }),
    ...(redis === undefined ? {} : { redis }),
    ...(secret === undefined ? {} : { secret }),
  };
}
