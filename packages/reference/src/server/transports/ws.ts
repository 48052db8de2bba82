import { serveWebSocket } from "@mcpkit/transport-ws";
import type { ServeTransport } from "../endpoint.js";
import { Protection } from "../protection.js";
import { websocketOrigins } from "../security.js";
import { untilClosed } from "./until-closed.js";

/**
 * MCP over WebSocket (docs/websocket.md) at `/mcp`: one session per connection. With
 * `--auth-issuer`, the upgrade needs a token whose audience is the `ws://` URL.
 */
export const serveWs: ServeTransport = async ({ server }, config, security, onError) => {
  const allowedOrigins = websocketOrigins(security);
  const protection = await Protection.discover(config);
  const wss = await serveWebSocket({
    ...(protection ? { authenticate: protection.authenticate } : {}),
    host: config.host,
    port: config.port,
    maxMessageBytes: security.maxMessageBytes,
    ...(allowedOrigins === undefined ? {} : { allowedOrigins }),
    onConnection: async (transport) => {
      await server.connect(transport);
    },
    onError,
  });
  protection?.bind(wss.url);
  return untilClosed(wss.url, () => wss.close());
};
