import { LocalError, type JsonRpcPayload } from "@mcpkit/core";

/** The default maximum size of one message in either direction: 16 MiB of UTF-8 JSON. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** What one inbound line turned out to be. */
export type DecodedFrame =
  | { readonly kind: "message"; readonly value: unknown }
  | { readonly kind: "blank" }
  | { readonly kind: "unreadable"; readonly detail: string };

/**
 * Parses one line of text (already UTF-8 decoded, without its line ending) as JSON. Blank and
 * whitespace-only lines are `blank`, which callers ignore; anything else that is not JSON is
 * `unreadable`.
 */
export function decodeFrame(line: string): DecodedFrame {
  if (isBlank(line)) return { kind: "blank" };
  try {
    return { kind: "message", value: JSON.parse(line) };
  } catch (error) {
    return { kind: "unreadable", detail: `invalid JSON: ${(error as Error).message}` };
  }
}

/** The `onUnreadable` detail for an inbound line that is not UTF-8. */
export const NOT_UTF8_DETAIL = "the line is not valid UTF-8";

/** The `onUnreadable` detail for an inbound line over the maximum: it names the option that sets it. */
export function tooLargeDetail(byteLength: number, maxBytes: number): string {
  return `a message of ${byteLength} bytes is over the limit of ${maxBytes} bytes (maxMessageBytes)`;
}

/**
 * Serialises one payload as one line of JSON ending in `\n`, written as UTF-8. A string, not
 * bytes: the stream encodes it straight into the write, without a buffer in between.
 *
 * @throws LocalError `message_too_large` over `maxBytes` of UTF-8 (the line ending not counted),
 *   or `invalid_message` for a value JSON cannot represent.
 */
export function encodeFrame(payload: JsonRpcPayload, maxBytes: number): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(payload);
  } catch (error) {
    throw new LocalError("invalid_message", `the message cannot be serialised: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (text === undefined) throw new LocalError("invalid_message", "the message is not a JSON value");
  // No newline check: JSON.stringify without indentation emits no whitespace and escapes line
  // breaks inside strings, so its output is always one line.
  // Every UTF-16 unit is at least one UTF-8 byte: a string this long is too large without encoding it.
  if (text.length > maxBytes) throw tooLarge(text.length, maxBytes, "at least ");
  // ...and at most three, so only a string that might be over the limit is measured.
  if (text.length * 3 > maxBytes) {
    const byteLength = Buffer.byteLength(text, "utf8");
    if (byteLength > maxBytes) throw tooLarge(byteLength, maxBytes, "");
  }
  return `${text}\n`;
}

function tooLarge(byteLength: number, maxBytes: number, qualifier: string): LocalError {
  return new LocalError(
    "message_too_large",
    `the message is ${qualifier}${byteLength} bytes, over the maximum of ${maxBytes} bytes`,
  );
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    // space, tab, carriage return: JSON's insignificant whitespace (a line holds no `\n`)
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) return false;
  }
  return true;
}
