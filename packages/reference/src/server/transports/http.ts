import { serveStreamableHttp } from "@mcpkit/transport-http/node";
import type { ServeTransport } from "../endpoint.js";
import { Protection } from "../protection.js";
import { untilClosed } from "./until-closed.js";

/**
 * Streamable HTTP at `/mcp`, both eras on one endpoint: one session per `initialize` (resumable SSE
 * streams) and the 2026-07-28 stateless requests; CORS and the Host/Origin checks. Each session's
 * transport is remembered so fixtures can close their own SSE stream (SSE polling). With
 * `--auth-issuer`, every request needs a token for this endpoint, and the protected-resource
 * metadata is served at `/.well-known/oauth-protected-resource/mcp`.
 */
export const serveHttp: ServeTransport = async ({ server, state, fleet }, config, security, onError) => {
  const protection = await Protection.discover(config);
  // A fleet member (`--redis`) serves once its Redis connection is up.
  await fleet?.ready;
  const http = await serveStreamableHttp({
    ...(protection ? { authenticate: protection.authenticate, fallback: protection.serveMetadata } : {}),
    host: config.host,
    port: config.port,
    jsonResponse: config.jsonResponse,
    cors: security.cors,
    maxBodyBytes: security.maxBodyBytes,
    maxMessageBytes: security.maxMessageBytes,
    ...(fleet ? { eventStore: fleet.eventStore, sessionStore: fleet.sessionStore, bus: fleet.bus } : {}),
    ...(security.allowedHosts === undefined ? {} : { allowedHosts: security.allowedHosts }),
    ...(security.allowedOrigins === undefined ? {} : { allowedOrigins: security.allowedOrigins }),
    onSession: async (transport) => {
      const session = await server.connect(transport);
      // Session-era transports can close a request's SSE stream early (SSE polling).
      if ("closeStream" in transport) state.streams.set(session, transport);
    },
    onStateless: async (transport) => {
      await server.connect(transport);
    },
    onError,
  });
  protection?.bind(http.url);
  return untilClosed(http.url, async () => {
    await http.close();
    await fleet?.close();
  });
};
