import { LocalError } from "@mcpkit/core";
import { CloseCode, SUBPROTOCOL } from "./convention.js";
import { WebSocketClosedError, WebSocketUpgradeError } from "./errors.js";
import type { CloseEventLike, MessageEventLike, WebSocketConstructor, WebSocketLike } from "./socket.js";

/** An open socket, and the messages that arrived before anyone listened. */
export interface OpenedSocket {
  readonly socket: WebSocketLike;
  readonly early: readonly unknown[];
}

/** How to open one client socket. */
export interface ConnectRequest {
  readonly url: string;
  readonly protocols: readonly string[];
  /** A WHATWG-style constructor; without it, the `ws` library is loaded. */
  readonly WebSocket: WebSocketConstructor | undefined;
  /** Only the `ws` library can send these. */
  readonly headers: Readonly<Record<string, string>>;
  readonly maxMessageBytes: number;
  readonly timeoutMs: number;
}

/** Longest response body kept from a refused upgrade. */
const MAX_REFUSAL_BODY = 1024;

/**
 * Opens a socket and resolves once it is open with the `mcp` subprotocol. Rejects with a
 * {@link WebSocketUpgradeError} when the server answered the upgrade with an HTTP status (seen with
 * `ws` only), a {@link WebSocketClosedError} when the socket closed before opening, or a
 * `LocalError("transport_failed")` on timeout or a wrong subprotocol.
 */
export async function openSocket(request: ConnectRequest): Promise<OpenedSocket> {
  let socket: WebSocketLike;
  let refusal: WebSocketUpgradeError | undefined;
  if (request.WebSocket) socket = new request.WebSocket(request.url, [...request.protocols]);
  else {
    // Loaded on demand, so a browser bundle that injects its own WebSocket never needs `ws`.
    const { WebSocket } = await import("ws");
    const ws = new WebSocket(request.url, [...request.protocols], {
      headers: { ...request.headers },
      maxPayload: request.maxMessageBytes,
      perMessageDeflate: false,
    });
    ws.on("unexpected-response", (_req, response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (body.length < MAX_REFUSAL_BODY) body += chunk;
      });
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        refusal = new WebSocketUpgradeError(
          response.statusCode ?? 0,
          body.slice(0, MAX_REFUSAL_BODY),
          headers,
        );
        ws.terminate();
      });
      response.on("error", () => ws.terminate());
    });
    socket = ws as unknown as WebSocketLike;
  }
  // Messages that arrive between `open` and the caller taking the socket (a later microtask).
  const early: unknown[] = [];
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ socket, early });
    };
    const timer = setTimeout(() => {
      settle(new LocalError("transport_failed", `the WebSocket did not open within ${request.timeoutMs} ms`));
      closeQuietly(socket, CloseCode.Normal);
    }, request.timeoutMs);
    socket.onerror = () => {};
    socket.onmessage = (event: MessageEventLike) => early.push(event.data);
    socket.onopen = () => {
      if (socket.protocol === SUBPROTOCOL) return settle();
      settle(
        new LocalError(
          "transport_failed",
          `the server selected the subprotocol "${socket.protocol}", not "${SUBPROTOCOL}"`,
        ),
      );
      closeQuietly(socket, CloseCode.ProtocolError);
    };
    socket.onclose = (event: CloseEventLike) =>
      settle(refusal ?? new WebSocketClosedError(event.code, event.reason, false));
  });
}

function closeQuietly(socket: WebSocketLike, code: number): void {
  try {
    socket.close(code);
  } catch {
    // A socket still connecting may refuse a close code; it is abandoned either way.
  }
}
