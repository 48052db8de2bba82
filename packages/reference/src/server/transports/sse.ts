import { serveLegacySse } from "@mcpkit/transport-http/node";
import type { ServeTransport } from "../endpoint.js";
import { untilClosed } from "./until-closed.js";

/** The deprecated HTTP+SSE transport (2024-11-05 clients): GET `/sse`, POST `/messages?sessionId=…`. */
export const serveSse: ServeTransport = async ({ server }, config, security, onError) => {
  const sse = await serveLegacySse({
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
  return untilClosed(sse.url, () => sse.close());
};
