import { LocalError, type JsonRpcPayload, type TransportHandlers } from "@mcpkit/core";

const encoder = new TextEncoder();

/** UTF-8 length of `text`. */
export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/**
 * Serialises one payload as JSON text, within `maxBytes` of UTF-8.
 *
 * @throws LocalError `message_too_large` over the limit, `invalid_message` for a value JSON cannot
 *   represent (a BigInt, a cycle).
 */
export function encodePayload(payload: JsonRpcPayload, maxBytes: number): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(payload);
  } catch (error) {
    throw new LocalError("invalid_message", `the message cannot be serialised: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (text === undefined) throw new LocalError("invalid_message", "the message is not a JSON value");
  if (text.length > maxBytes || (text.length * 3 > maxBytes && byteLength(text) > maxBytes)) {
    throw new LocalError("message_too_large", `the message is over the maximum of ${maxBytes} bytes`);
  }
  return text;
}

/** What {@link parseFrame} gives for text that is not JSON (it was reported as unreadable). */
export const UNREADABLE: unique symbol = Symbol("unreadable");

/** Parses a message from the peer; text that is not JSON is reported to `handlers` and gives {@link UNREADABLE}. */
export function parseFrame(text: string, handlers: TransportHandlers): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    handlers.onUnreadable({ problem: "parse", detail: (error as Error).message });
    return UNREADABLE;
  }
}
