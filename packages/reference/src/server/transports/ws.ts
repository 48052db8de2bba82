import { serveWebSocket } from "@mcpkit/transport-ws";
import type { ServeTransport } from "../endpoint.js";
import { websocketOrigins } from "../security.js";
import { untilClosed } from "./until-closed.js";

/** MCP over WebSocket (docs/websocket.md) at `/mcp`: one session per connection. */
export const serveWs: ServeTransport = async ({ server }, config, security, onError) => {
  const allowedOrigins = websocketOrigins(security);
  const wss = await serveWebSocket({
    host: config.host,
    port: config.port,
    maxMessageBytes: security.maxMessageBytes,
    ...(allowedOrigins === undefined ? {} : { allowedOrigins }),
    onConnection: async (transport) => {
      await server.connect(transport);
    },
    onError,
  });
  return untilClosed(wss.url, () => wss.close());
};
