import type { IncomingMessage } from "node:http";
import type { BodyRead } from "../server/body.js";

// The web path's decoder (a BOM is dropped, malformed bytes become U+FFFD), so both read alike.
const decoder = new TextDecoder();

/**
 * Reads a node:http request body as UTF-8 within `maxBytes`, exactly as `readBody` does for a web
 * `Request`: refused when `Content-Length` announces more or when more arrives. Rejects when the
 * client goes away before the body is complete. On refusal the rest is not read, and
 * `onUnread` runs when some of it has yet to arrive (the connection cannot be reused).
 */
export function readNodeBody(
  req: IncomingMessage,
  maxBytes: number,
  onUnread: () => void,
): Promise<BodyRead> {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (declared > maxBytes) {
    if (!req.complete) onUnread();
    return Promise.resolve({ ok: false });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    // Listeners stay once settled (the request is done with): cheaper than taking them off.
    let settled = false;
    req.on("data", (chunk: Buffer) => {
      if (settled) return;
      total += chunk.byteLength;
      if (total <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      settled = true;
      req.pause();
      if (!req.complete) onUnread();
      resolve({ ok: false });
    });
    req.on("end", () => {
      if (settled) return;
      settled = true;
      const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
      resolve({ ok: true, text: decoder.decode(whole) });
    });
    // A client that goes away mid-body fails the request with an error (ECONNRESET "aborted").
    req.on("error", (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
  });
}

/** A body a framework already read, within `maxBytes`, decoded as `readBody` would. */
export function givenBody(body: string | Uint8Array, maxBytes: number): BodyRead {
  if (typeof body === "string") {
    if (Buffer.byteLength(body) > maxBytes) return { ok: false };
    // The web path encodes the string and decodes it again: that drops a leading BOM and turns
    // lone surrogates into U+FFFD.
    const text = wellFormed(body);
    return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  }
  if (body.byteLength > maxBytes) return { ok: false };
  return { ok: true, text: decoder.decode(body) };
}

/** ES2024 string methods (Node 20 has them; the project's lib is ES2023). */
interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

function wellFormed(text: string): string {
  const checked = text as unknown as WellFormedString;
  return checked.isWellFormed() ? text : checked.toWellFormed();
}
