/**
 * @mcpkit/transport-ws: MCP over WebSocket, following the convention in docs/websocket.md. A Node
 * server on the `ws` library (alone or sharing an HTTP server's port), and a client for `ws` or any
 * runtime's global `WebSocket`.
 */
export { serveWebSocket, McpWebSocketServer, type WebSocketServeOptions } from "./server.js";
export { WebSocketServerTransport } from "./server-transport.js";
export {
  WebSocketClientTransport,
  type WebSocketClientTransportOptions,
  type ReconnectOptions,
} from "./client.js";
export { WebSocketClosedError, WebSocketUpgradeError } from "./errors.js";
export type { UpgradeRequest, OriginPolicy } from "./upgrade.js";
export type { WebSocketConstructor, WebSocketLike } from "./socket.js";
export { bearerProtocol } from "./bearer.js";
export {
  CloseCode,
  DEFAULT_MAX_MESSAGE_BYTES,
  SUBPROTOCOL,
  BEARER_PROTOCOL_PREFIX,
} from "./convention.js";
