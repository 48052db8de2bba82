import { randomBytes } from "node:crypto";
import type { ServerConfig, TransportKind } from "./config.js";
import { createEverythingServer, type EverythingServer } from "./definition.js";
import type { FleetStores } from "./fleet.js";
import { DEFAULT_REPORT_LIMIT, limitReports, type ReportLimit } from "./report-limit.js";
import type { RunningEndpoint, ServeTransport } from "./endpoint.js";
import { type SecurityOptions, securityFor } from "./security.js";
import { serveHttp } from "./transports/http.js";
import { serveSse } from "./transports/sse.js";
import { serveStdio } from "./transports/stdio.js";
import { serveWs } from "./transports/ws.js";

const transports: Readonly<Record<TransportKind, ServeTransport>> = {
  stdio: serveStdio,
  http: serveHttp,
  sse: serveSse,
  ws: serveWs,
};

/** Everything one run of the everything-server is made of. */
export interface Assembly {
  readonly definition: EverythingServer;
  readonly security: SecurityOptions;
  readonly serve: ServeTransport;
  readonly config: ServerConfig;
}

/**
 * The one place where the server definition, the transport and the security options are put
 * together (so a variant of any of them, e.g. an injected defect, needs to change only this).
 * The server's reports to `onError` are rate-limited by `reportLimit` (default 20 a second, then one
 * "suppressed K reports" line per interval).
 *
 * @example
 * ```ts
 * const assembly = await assemble(parseServerArgs(["--transport", "ws"]), (e) => console.error(e));
 * const endpoint = await start(assembly, (e) => console.error(e));
 * console.log(endpoint.url); // ws://127.0.0.1:PORT/mcp
 * ```
 */
export async function assemble(
  config: ServerConfig,
  onError: (error: Error) => void,
  reportLimit: ReportLimit = DEFAULT_REPORT_LIMIT,
): Promise<Assembly> {
  // @mcpkit/redis and its client load only for `--redis`: every other start (the conformance
  // runner makes over a hundred) is spared their import time.
  const fleet: FleetStores | undefined =
    config.redis === undefined ? undefined : (await import("./fleet.js")).redisFleet(config.redis, onError);
  return {
    definition: createEverythingServer({
      requestStateSecret: config.secret ?? randomBytes(32).toString("base64url"),
      ...(fleet === undefined ? {} : { fleet }),
      statelessOnly: config.stateless,
      // A client causes reports at will (one per unknown notification): they are rate-limited.
      onError: limitReports(onError, reportLimit),
    }),
    security: securityFor(config.host),
    serve: transports[config.transport],
    config,
  };
}

/** Starts an assembly's endpoint. */
export function start(assembly: Assembly, onError: (error: unknown) => void): Promise<RunningEndpoint> {
  return assembly.serve(assembly.definition, assembly.config, assembly.security, onError);
}
