/** One server-sent event, as the client transport needs it. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
  readonly id: string | undefined;
  readonly retry: number | undefined;
}

/**
 * Reads server-sent events from a byte stream, per the HTML standard's parsing rules: lines end in
 * CR, LF or CRLF; `data` lines join with LF; comments and unknown fields are ignored; an event
 * without data is not dispatched.
 *
 * @example
 * ```ts
 * for await (const event of readSse(response.body)) console.log(event.data);
 * ```
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let id: string | undefined;
  let retry: number | undefined;
  let pendingCr = false;
  const lineEnd = /[\r\n]/g;
  let scanFrom = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      if (pendingCr && buffer.startsWith("\n")) buffer = buffer.slice(1);
      pendingCr = false;
      for (;;) {
        lineEnd.lastIndex = scanFrom;
        const found = lineEnd.exec(buffer);
        if (found === null) {
          scanFrom = buffer.length;
          break;
        }
        const end = found.index;
        scanFrom = 0;
        const line = buffer.slice(0, end);
        if (buffer[end] === "\r") {
          if (end + 1 === buffer.length) pendingCr = true;
          else if (buffer[end + 1] === "\n") buffer = buffer.slice(0, end + 1) + buffer.slice(end + 2);
        }
        buffer = buffer.slice(end + 1);
        if (line === "") {
          if (data.length > 0) yield { event: event || "message", data: data.join("\n"), id, retry };
          data = [];
          event = "";
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let fieldValue = colon === -1 ? "" : line.slice(colon + 1);
        if (fieldValue.startsWith(" ")) fieldValue = fieldValue.slice(1);
        if (field === "data") data.push(fieldValue);
        else if (field === "event") event = fieldValue;
        else if (field === "id" && !fieldValue.includes("\0")) id = fieldValue;
        else if (field === "retry" && /^\d+$/.test(fieldValue)) retry = Number(fieldValue);
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
