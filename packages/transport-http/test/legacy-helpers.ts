import type { LegacySseServerTransport } from "../src/index.js";
import { type SseEvent, readSse } from "../src/index.js";
import type { LegacyServeOptions, LegacySseServer } from "../src/node.js";
import { serveLegacyOnPath } from "./http-paths.js";
import { Arrivals, withTimeout } from "./waiting.js";

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
  const sessions = new Arrivals<LegacySseServerTransport>();
  const http = await serveLegacyOnPath({
    ...options,
    onSession: async (transport) => {
      await options.onSession?.(transport);
      sessions.push(transport);
    },
  });
  return {
    http,
    url: http.url,
    origin: new URL(http.url).origin,
    next: (ms = 5000) => sessions.next(ms, "a legacy session"),
  };
}

export { withTimeout as bounded };

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
  const events = new Arrivals<SseEvent>();
  const ended = (async () => {
    if (!response.body) return;
    try {
      for await (const event of readSse(response.body)) events.push(event);
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    response,
    ended,
    abort: () => aborter.abort(),
    next: (ms = 5000) => events.next(ms, "an SSE event"),
  };
}

/** POSTs a JSON text to a URL as a client of the legacy transport does. */
export function postJson(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
}
