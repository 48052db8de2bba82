import type { Context } from "hono";

/**
 * The web `Request` to hand the endpoint: Hono's own, or, when a middleware already read the
 * body through `c.req` (`c.req.json()`, a validator), a copy carrying the body Hono kept (the
 * original's stream is spent). Hono 4 keeps the text even when `c.req.json()` failed on it, so
 * the endpoint answers unparsable JSON as it always does; a body Hono could not give back (its
 * read failed) is answered here, 400 with JSON-RPC -32700.
 */
export async function readRequest(c: Context): Promise<Request | Response> {
  const raw = c.req.raw;
  if (!raw.bodyUsed) return raw;
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    const error = { code: -32700, message: "Parse error: the body could not be read" };
    return Response.json({ jsonrpc: "2.0", id: null, error }, { status: 400 });
  }
  const headers = new Headers(raw.headers);
  // The text may be Hono's re-serialization of a parsed body: its length is not the original's.
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new Request(raw.url, { method: raw.method, headers, body: text, signal: raw.signal });
}
