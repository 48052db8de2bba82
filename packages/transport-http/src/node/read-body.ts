import type { IncomingMessage } from "node:http";
import type { BodyRead } from "../server/body.js";

// The web path's decoder (a BOM is dropped, malformed bytes become U+FFFD), so both read alike.
const decoder = new TextDecoder();

/**
 * Reads a node:http request body as UTF-8 within `maxBytes`, exactly as `readBody` does for a web
 * `Request`: refused when `Content-Length` announces more or when more arrives. Rejects when the
 * client goes away before the body is complete. The rest of a refused upload is read off the
 * wire and dropped while the 413 goes out (the connection stays usable), so that a client still
 * sending reads the 413 rather than a reset. An upload announced more than
 * `discardBytes` past the limit is not read: `onUnread` runs (the answer says
 * `Connection: close`); one that runs that far past it as it arrives has its connection dropped.
 */
export function readNodeBody(
  req: IncomingMessage,
  maxBytes: number,
  discardBytes: number,
  onUnread: () => void,
): Promise<BodyRead> {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (declared > maxBytes) {
    if (declared > maxBytes + discardBytes) onUnread();
    else discardRest(req, discardBytes, onUnread);
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
      discardRest(req, discardBytes, onUnread);
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

/**
 * Reads the rest of a refused upload and drops it, up to `discardBytes`: the connection
 * then ends cleanly (or serves on) instead of being reset under a client still sending. Past
 * that, the client is sending far more than any answer is worth waiting for: the connection is
 * dropped (by then the 413 has long gone out).
 */
function discardRest(req: IncomingMessage, discardBytes: number, onUnread: () => void): void {
  if (req.complete) return;
  let left = discardBytes;
  req.on("data", (chunk: Buffer) => {
    if (left < 0) return;
    left -= chunk.byteLength;
    if (left >= 0) return;
    onUnread();
    req.destroy();
  });
  req.on("error", ignore);
  req.resume();
}

function ignore(): void {}

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
