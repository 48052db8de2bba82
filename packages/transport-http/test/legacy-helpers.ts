import type { LegacySseServerTransport } from "../src/index.js";
import { type SseEvent, readSse } from "../src/index.js";
import type { LegacyServeOptions, LegacySseServer } from "../src/node.js";
import { serveLegacyOnPath } from "./http-paths.js";

/** A legacy server on 127.0.0.1 whose session transports are queued for the test to take. */
export interface LegacyTestServer {
  readonly http: LegacySseServer;
  /** The SSE URL. */
  readonly url: string;
  /** The origin, e.g. `http://127.0.0.1:49152`. */
  readonly origin: string;
  next(ms?: number): Promise<LegacySseServerTransport>;
}

export async function startLegacy(options: Partial<LegacyServeOptions> = {}): Promise<LegacyTestServer> {
  const arrived: LegacySseServerTransport[] = [];
  const waiting: ((transport: LegacySseServerTransport) => void)[] = [];
  const http = await serveLegacyOnPath({
    ...options,
    onSession: async (transport) => {
      await options.onSession?.(transport);
      const taker = waiting.shift();
      if (taker) taker(transport);
      else arrived.push(transport);
    },
  });
  return {
    http,
    url: http.url,
    origin: new URL(http.url).origin,
    next: (ms = 5000) => {
      const ready = arrived.shift();
      if (ready) return Promise.resolve(ready);
      return bounded(new Promise((resolve) => waiting.push(resolve)), ms, "a legacy session");
    },
  };
}

export function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A raw SSE GET: its response, and its events one at a time (each wait bounded). */
export interface RawStream {
  readonly response: Response;
  next(ms?: number): Promise<SseEvent>;
  /** Resolves when the stream ends (the server closed it). */
  readonly ended: Promise<void>;
  /** Drops the connection. */
  abort(): void;
}

export async function openRawStream(url: string, headers: Record<string, string> = {}): Promise<RawStream> {
  const aborter = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: aborter.signal,
  });
  const queue: SseEvent[] = [];
  const takers: ((event: SseEvent) => void)[] = [];
  const ended = (async () => {
    if (!response.body) return;
    try {
      for await (const event of readSse(response.body)) {
        const taker = takers.shift();
        if (taker) taker(event);
        else queue.push(event);
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    response,
    ended,
    abort: () => aborter.abort(),
    next: (ms = 5000) => {
      const ready = queue.shift();
      if (ready) return Promise.resolve(ready);
      return bounded(new Promise((resolve) => takers.push(resolve)), ms, "an SSE event");
    },
  };
}

/** POSTs a JSON text to a URL as a client of the legacy transport does. */
export function postJson(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
}
