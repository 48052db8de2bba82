import { sessionRevisions } from "@mcpkit/core";
import { DEFAULT_MAX_BODY_BYTES } from "../shared/headers.js";
import type { AllowList } from "./origin.js";
import type { HttpServerTransport } from "./session-transport.js";

/** Options of {@link createStreamableHttpHandler}. */
export interface StreamableHttpHandlerOptions {
  /**
   * Called with each new session's transport, before its `initialize` is delivered. Connect it to
   * an engine: `server.connect(transport)` or a core `Connection`. A throw or rejection refuses
   * the initialize with 500.
   */
  readonly onSession: (transport: HttpServerTransport) => void | Promise<void>;
  /** Answer requests with a JSON body instead of an SSE stream (when the client accepts JSON). Default false. */
  readonly jsonResponse?: boolean;
  /** Serve the standalone GET stream; when false, GET gets 405. Default true. */
  readonly standaloneStream?: boolean;
  /** Largest request body in bytes; larger gets 413. Default 4 MiB. */
  readonly maxBodyBytes?: number;
  /** Largest outbound message in bytes; larger rejects `send`. Default 16 MiB. */
  readonly maxMessageBytes?: number;
  /** A session with no request and no open stream for this long ends. 0 never. Default 30 minutes. */
  readonly idleTimeoutMs?: number;
  /** Messages for the GET stream held while the client has none open; past this `send` rejects. Default 10 000. */
  readonly maxQueuedMessages?: number;
  /** Allowed `Host` values (403 otherwise). Default: loopback names only. `"any"` turns the check off. */
  readonly allowedHosts?: AllowList;
  /** Allowed `Origin` values when one is present (403 otherwise). Default: loopback origins. */
  readonly allowedOrigins?: AllowList;
  /** Accepted `MCP-Protocol-Version` values. Default: every session-era revision. */
  readonly supportedRevisions?: readonly string[];
  /** Told about failures no HTTP response can carry (a throwing `onSession`). */
  readonly onError?: (error: unknown) => void;
}

/** The options with their defaults filled in. */
export type ResolvedOptions = Required<
  Omit<StreamableHttpHandlerOptions, "allowedHosts" | "allowedOrigins">
> &
  Pick<StreamableHttpHandlerOptions, "allowedHosts" | "allowedOrigins">;

export function resolveOptions(options: StreamableHttpHandlerOptions): ResolvedOptions {
  return {
    jsonResponse: false,
    standaloneStream: true,
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
    maxMessageBytes: 16 * 1024 * 1024,
    idleTimeoutMs: 30 * 60 * 1000,
    maxQueuedMessages: 10_000,
    supportedRevisions: sessionRevisions,
    onError: () => {},
    ...options,
  };
}
