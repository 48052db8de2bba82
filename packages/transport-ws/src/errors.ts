import { LocalError, type LocalErrorCode } from "@mcpkit/core";
import { CloseCode } from "./convention.js";

/**
 * The WebSocket closed for a reason other than a normal closure: the close code and reason as
 * received (or as sent, when this side closed it). `code` is `"connection_closed"` for 1001 (going
 * away), `"message_too_large"` for 1009, `"transport_failed"` otherwise.
 *
 * @example
 * ```ts
 * await transport.start({
 *   onMessage: (message) => console.log(message),
 *   onUnreadable: (frame) => console.error(frame.detail),
 *   onClose: (error) => {
 *     if (error instanceof WebSocketClosedError) console.log(error.closeCode, error.closeReason);
 *   },
 * });
 * ```
 */
export class WebSocketClosedError extends LocalError {
  readonly closeCode: number;
  readonly closeReason: string;
  /** Whether this side sent the close frame (for example after a binary message from the peer). */
  readonly closedByThisSide: boolean;

  constructor(closeCode: number, closeReason: string, closedByThisSide: boolean) {
    const who = closedByThisSide ? "this side closed the WebSocket" : "the WebSocket closed";
    const why = closeReason === "" ? "" : `: ${closeReason}`;
    super(localCodeFor(closeCode), `${who} with code ${closeCode}${why}`);
    this.closeCode = closeCode;
    this.closeReason = closeReason;
    this.closedByThisSide = closedByThisSide;
  }
}

/**
 * The server refused the upgrade with an HTTP status (400, 401, 403, 404, ...). Only clients that
 * can see the response (the `ws` library) report the status; a browser `WebSocket` cannot, and
 * reports a {@link WebSocketClosedError} with code 1006 instead.
 */
export class WebSocketUpgradeError extends LocalError {
  readonly status: number;
  readonly body: string;
  /** The refusal's response headers, names lower-cased (`www-authenticate` for a 401). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, body: string, headers: Readonly<Record<string, string>> = {}) {
    super(
      "transport_failed",
      `the server refused the WebSocket upgrade with HTTP ${status}${body ? `: ${body}` : ""}`,
    );
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

function localCodeFor(closeCode: number): LocalErrorCode {
  if (closeCode === CloseCode.GoingAway) return "connection_closed";
  if (closeCode === CloseCode.MessageTooBig) return "message_too_large";
  return "transport_failed";
}

export function closedError(): LocalError {
  return new LocalError("connection_closed", "the WebSocket transport is closed");
}
