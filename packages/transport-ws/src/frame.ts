import { LocalError, type JsonRpcPayload } from "@mcpkit/core";

const encoder = new TextEncoder();

/** Whether `text` is over `maxBytes` of UTF-8. */
export function isTooBig(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return encoder.encode(text).length > maxBytes;
}

/**
 * Serialises one payload as the text of one WebSocket message.
 *
 * @throws LocalError `message_too_large` over `maxBytes` of UTF-8, or `invalid_message` for a
 *   value JSON cannot represent (a BigInt, a cycle).
 */
export function encodeMessage(payload: JsonRpcPayload, maxBytes: number): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(payload);
  } catch (error) {
    throw new LocalError("invalid_message", `the message cannot be serialised: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (text === undefined) throw new LocalError("invalid_message", "the message is not a JSON value");
  if (isTooBig(text, maxBytes)) {
    const size = text.length > maxBytes ? `at least ${text.length}` : `${encoder.encode(text).length}`;
    throw new LocalError(
      "message_too_large",
      `the message is ${size} bytes, over the maximum of ${maxBytes} bytes`,
    );
  }
  return text;
}

/** What one inbound text message turned out to be. */
export type DecodedMessage =
  | { readonly kind: "message"; readonly value: unknown }
  | { readonly kind: "unreadable"; readonly detail: string };

export function decodeMessage(text: string): DecodedMessage {
  try {
    return { kind: "message", value: JSON.parse(text) };
  } catch (error) {
    return { kind: "unreadable", detail: `invalid JSON: ${(error as Error).message}` };
  }
}
