/**
 * The part of a WebSocket this package uses: the WHATWG `WebSocket` of browsers, Deno, Bun and
 * Node 22, and the `ws` library's `WebSocket`, all have it.
 */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** Bytes handed to `send` and not yet written to the network. */
  readonly bufferedAmount: number;
  /** The subprotocol the server selected. */
  readonly protocol: string;
  /** Sends one text message. */
  send(data: string): void;
  /** Starts the closing handshake with a close code and reason. */
  close(code?: number, reason?: string): void;
  // Handler properties rather than `addEventListener`, whose overloads differ between runtimes.
  // `never`: any event type is accepted; the package reads only `data`, `code` and `reason`.
  /** Called when the connection opens. */
  onopen: ((event: never) => void) | null;
  /** Called with each message (`event.data`). */
  onmessage: ((event: never) => void) | null;
  /** Called when the connection closed (`event.code`, `event.reason`). */
  onclose: ((event: never) => void) | null;
  /** Called when the connection fails. */
  onerror: ((event: never) => void) | null;
}

/**
 * A `WebSocket` constructor: `globalThis.WebSocket`, or the `ws` library's `WebSocket`.
 *
 * @example
 * ```ts
 * const transport = new WebSocketClientTransport("wss://mcp.example.com/mcp", { WebSocket: globalThis.WebSocket });
 * ```
 */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

export const OPEN = 1;

export interface MessageEventLike {
  readonly data: unknown;
}

export interface CloseEventLike {
  readonly code: number;
  readonly reason: string;
}

/** The `ws` library's extras, when the socket is one of its sockets. */
export interface WsExtras {
  send(data: string, callback: (error?: Error) => void): void;
  terminate(): void;
}

export function wsExtras(socket: WebSocketLike): WsExtras | undefined {
  const candidate = socket as Partial<WsExtras>;
  return typeof candidate.terminate === "function" ? (socket as unknown as WsExtras) : undefined;
}
