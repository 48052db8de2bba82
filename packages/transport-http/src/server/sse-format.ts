/** The text of SSE events as the endpoint writes them. JSON text never holds a raw line break. */

/** One `message` event carrying a JSON text, with its event id when resumability gives it one. */
export function sseMessage(json: string, id?: string): string {
  return id === undefined
    ? `event: message\ndata: ${json}\n\n`
    : `id: ${id}\nevent: message\ndata: ${json}\n\n`;
}

/**
 * A priming event (2025-11-25 SSE polling): an id and empty data, so the client holds an id to
 * resume from before any message, and `retry`, how long it waits before reconnecting.
 */
export function primingEvent(id: string, retryMs: number): string {
  return `id: ${id}\nretry: ${retryMs}\ndata:\n\n`;
}

/** A replayed stored event: a message, or (empty data) a priming event. */
export function storedEvent(id: string, data: string): string {
  return data === "" ? `id: ${id}\ndata:\n\n` : sseMessage(data, id);
}

/** Sent before the server closes a connection early, so the client knows when to come back. */
export function retryField(retryMs: number): string {
  return `retry: ${retryMs}\n\n`;
}

/**
 * The first bytes of every SSE connection the endpoint opens: a comment, which every revision's
 * clients ignore (SSE's own rule; 2026-07-28 restates it). A stream with nothing else to send yet
 * (a session's GET stream, a quiet answer before 2025-11-25, a stateless answer still working) so
 * still has bytes to send: some runtimes (Bun.serve) send a streamed response's headers only with
 * its first body chunk, and a client waits for those headers.
 */
export const STREAM_OPEN_COMMENT = ": stream open\n\n";

/** A comment line: clients ignore it; proxies see traffic and keep the connection. */
export const KEEP_ALIVE_COMMENT = ": keep-alive\n\n";
