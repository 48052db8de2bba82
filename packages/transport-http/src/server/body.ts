/** What reading a request body within a limit gave. */
export type BodyRead = { readonly ok: true; readonly text: string } | { readonly ok: false };

/**
 * The default of `maxDiscardBytes`: how much of a refused upload is still read, and thrown away,
 * past the body limit. A server that closes a connection with unread bytes on it makes the kernel
 * reset it, and a client still sending then sees EPIPE or "fetch failed" instead of the 413; read
 * off the wire, the upload ends and the 413 arrives. An upload larger still is cancelled (or its
 * connection closed). Nothing discarded is kept: the cost is bandwidth, not memory.
 */
export const DEFAULT_MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * Reads a request body as UTF-8, refusing past `maxBytes`, whether or not `Content-Length`
 * announced it. A refused upload is read to its end and thrown away (so the client, still
 * sending, can read the 413), unless it runs more than `discardBytes` past the limit: then it is
 * cancelled.
 */
export async function readBody(
  request: Request,
  maxBytes: number,
  discardBytes: number = DEFAULT_MAX_DISCARD_BYTES,
): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    if (request.body === null) return { ok: false };
    const reader = request.body.getReader();
    if (declared > maxBytes + discardBytes) await reader.cancel().catch(() => {});
    else await discard(reader, declared);
    return { ok: false };
  }
  if (request.body === null) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await discard(reader, discardBytes);
      return { ok: false };
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, text: new TextDecoder().decode(all) };
}

/** Reads and drops the rest of a refused body, at most `limit` bytes; past that it cancels it. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): Promise<void> {
  let left = limit;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.byteLength;
      if (left < 0) break;
    }
  } catch {
    // The client went away: nothing more to drain.
    return;
  }
  await reader.cancel().catch(() => {});
}
