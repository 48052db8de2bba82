import type { ServerConfig } from "./config.js";
import type { EverythingServer } from "./definition.js";
import type { SecurityOptions } from "./security.js";

/** A running endpoint of the everything-server. */
export interface RunningEndpoint {
  /** Network transports: the URL clients connect to (for sse: the SSE stream's URL). */
  readonly url: string | undefined;
  /** Resolves when the endpoint has stopped (stdio: when the client closed stdin). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves an everything-server definition over one transport. */
export type ServeTransport = (
  definition: EverythingServer,
  config: ServerConfig,
  security: SecurityOptions,
  onError: (error: unknown) => void,
) => Promise<RunningEndpoint>;
