import type { Json } from "../model/json.js";
import { SseParser, type SseEvent } from "./sse-parser.js";
import type { EventFeed, HttpResponseInfo } from "./wire.js";

/** The largest non-streaming body the runner reads. */
const MAX_BODY = 16 * 1024 * 1024;

/** Lower-case header map of a fetch response. */
export function headerMap(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}

/** True when the response is a server-sent event stream. */
export function isEventStream(headers: Record<string, string>): boolean {
  return (headers["content-type"] ?? "").toLowerCase().startsWith("text/event-stream");
}

/** A growing list of SSE events with a change signal. */
export class EventList implements EventFeed {
  received: SseEvent[] = [];
  ended = false;
  private waiters: (() => void)[] = [];

  add(event: SseEvent): void {
    this.received.push(event);
    this.wake();
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** Reads a bounded text body. */
export async function readText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.length > MAX_BODY) {
      await reader.cancel();
      break;
    }
  }
  return text + decoder.decode();
}

/** Parses a body as JSON, or returns the text. */
export function parseBody(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

/**
 * Reads an SSE response body in the background: each event goes to `list` and to `onEvent`.
 * Resolves when the stream ends (normally, by error, or by abort).
 */
export async function pumpEvents(
  response: Response,
  list: EventList,
  onEvent: (event: SseEvent) => void,
): Promise<void> {
  const parser = new SseParser((event) => {
    list.add(event);
    onEvent(event);
  });
  const decoder = new TextDecoder();
  try {
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    }
  } catch {
    // Aborted or reset: the stream simply ends.
  } finally {
    parser.end();
    list.end();
  }
}

/** Pushes every JSON-RPC message of a JSON body (an object, or each element of an array). */
export function deliverJson(text: string, push: (text: string) => void): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  if (Array.isArray(parsed)) for (const item of parsed) push(JSON.stringify(item));
  else if (typeof parsed === "object" && parsed !== null) push(text);
}

/** A response head plus body/events, as steps see it. */
export function responseInfo(
  status: number,
  headers: Record<string, string>,
  body: Json | undefined,
  events: EventFeed | undefined,
): HttpResponseInfo {
  const info: HttpResponseInfo = { status, headers };
  if (body !== undefined) info.body = body;
  if (events !== undefined) info.events = events;
  return info;
}
