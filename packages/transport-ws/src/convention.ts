/** The subprotocol a client offers and a server selects (docs/websocket.md, section 1). */
export const SUBPROTOCOL = "mcp";

/** Prefix of the subprotocol entry that carries a bearer token from a browser (section 5). */
export const BEARER_PROTOCOL_PREFIX = "mcp.bearer.";

/** The default maximum size of one message in either direction: 16 MiB of UTF-8 JSON. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * The close codes of the convention (section 7).
 *
 * @example
 * ```ts
 * declare const error: unknown;
 * declare function reconnect(): void;
 * if (error instanceof WebSocketClosedError && error.closeCode === CloseCode.KeepAliveTimeout) reconnect();
 * ```
 */
export const CloseCode = {
  Normal: 1000,
  GoingAway: 1001,
  ProtocolError: 1002,
  UnsupportedData: 1003,
  Abnormal: 1006,
  InvalidPayload: 1007,
  PolicyViolation: 1008,
  MessageTooBig: 1009,
  InternalError: 1011,
  KeepAliveTimeout: 4000,
  SendBufferFull: 4001,
} as const;

/** Defaults of the tunables shared by server and client. */
export const defaults = {
  pingIntervalMs: 30_000,
  pongTimeoutMs: 10_000,
  highWaterMarkBytes: 1024 * 1024,
  maxBufferedBytes: 64 * 1024 * 1024,
  closeTimeoutMs: 2_000,
} as const;

/** Defaults of the server's limits across connections (docs/websocket.md, section 10). */
export const serverDefaults = {
  maxConnections: 1000,
  /** Times `maxMessageBytes`: eight largest messages may be arriving at once. */
  incompleteMessagesPerMaxMessage: 8,
  firstMessageTimeoutMs: 30_000,
  /** The `Retry-After` of a refusal at the connection limit. */
  retryAfterSeconds: 5,
} as const;

/** The reason sent with a 1009 close. */
export function tooBigReason(maxBytes: number): string {
  return `message too big: the maximum is ${maxBytes} bytes`;
}

export const BINARY_REASON = "binary messages are not supported; send JSON text";
export const SEND_BUFFER_FULL_REASON = "send buffer full: the peer is not reading";
export const AUTH_EXPIRED_REASON = "authorization expired";

/** The reason of a 1008 close for a connection that sent no complete message in time. */
export function firstMessageReason(timeoutMs: number): string {
  return `no complete message within ${timeoutMs} ms of connecting`;
}

/** The reason of a 1009 close for the connection that took incomplete messages over the server's limit. */
export function incompleteMessagesReason(limitBytes: number): string {
  return `server busy: incomplete messages across connections are over ${limitBytes} bytes`;
}

export function keepAliveReason(timeoutMs: number): string {
  return `keep-alive timeout: no pong within ${timeoutMs} ms`;
}
