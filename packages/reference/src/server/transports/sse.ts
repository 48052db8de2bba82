import { serveLegacySse } from "@mcpkit/transport-http/node";
import type { ServeTransport } from "../endpoint.js";
import { Protection } from "../protection.js";
import { untilClosed } from "./until-closed.js";

/**
 * The deprecated HTTP+SSE transport (2024-11-05 clients): GET `/sse`, POST `/messages?sessionId=…`.
 * With `--auth-issuer`, tokens must name the SSE URL as audience (no metadata document is served
 * on this transport: 2024-11-05 predates protected-resource metadata).
 */
export const serveSse: ServeTransport = async ({ server }, config, security, onError) => {
  const protection = await Protection.discover(config);
  const sse = await serveLegacySse({
    ...(protection ? { authenticate: protection.authenticate } : {}),
    host: config.host,
    port: config.port,
    maxBodyBytes: security.maxBodyBytes,
    maxMessageBytes: security.maxMessageBytes,
    ...(security.allowedHosts === undefined ? {} : { allowedHosts: security.allowedHosts }),
    ...(security.allowedOrigins === undefined ? {} : { allowedOrigins: security.allowedOrigins }),
    onSession: async (transport) => {
      await server.connect(transport);
    },
    onError,
  });
  protection?.bind(sse.url);
  return untilClosed(sse.url, () => sse.close());
};
