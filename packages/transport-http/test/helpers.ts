import type { MessageContext, TransportHandlers, UnreadableFrame } from "@mcpkit/core";
import { type HttpServerTransport, readSse, type SseEvent } from "../src/index.js";
import type { ServeOptions, StreamableHttpServer } from "../src/node.js";
import { serveOnPath } from "./http-paths.js";
import { type PerTest, perTest } from "./per-test.js";
import { Arrivals, Conditions, withTimeout } from "./waiting.js";

/** The comment every SSE response of the endpoint starts with, so it always has a first chunk. */
export const STREAM_OPEN = ": stream open\n\n";

/** Transport handlers that record everything, with a bounded wait for a condition. */
export class Recorder implements TransportHandlers {
  readonly messages: unknown[] = [];
  readonly contexts: (MessageContext | undefined)[] = [];
  readonly unreadable: UnreadableFrame[] = [];
  readonly closes: (Error | undefined)[] = [];
  private readonly changes = new Conditions();

  onMessage = (value: unknown, context?: MessageContext): void => {
    this.messages.push(value);
    this.contexts.push(context);
    this.changes.notify();
  };
  onUnreadable = (frame: UnreadableFrame): void => {
    this.unreadable.push(frame);
    this.changes.notify();
  };
  onClose = (error?: Error): void => {
    this.closes.push(error);
    this.changes.notify();
  };

  /** Resolves once `condition` holds; rejects naming `what` after `ms`. */
  until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
    return this.changes.until(condition, what, ms);
  }
}

/** A server on 127.0.0.1 whose session transports are queued for the test to take, in order. */
export interface TestServer {
  readonly http: StreamableHttpServer;
  readonly url: string;
  /** The next session's server transport (not started unless `onSession` started it). */
  next(ms?: number): Promise<HttpServerTransport>;
}

export async function startServer(options: Partial<ServeOptions> = {}): Promise<TestServer> {
  const sessions = new Arrivals<HttpServerTransport>();
  const http = await serveOnPath({
    ...options,
    onSession: async (transport) => {
      await options.onSession?.(transport);
      sessions.push(transport);
    },
  });
  return { http, url: http.url, next: (ms = 5000) => sessions.next(ms, "a session") };
}

export { withTimeout };

/** The headers a conforming client sends with a POST. */
export const POST_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
} as const;

/** An initialize request as a client sends it, at `version`. */
export function initializeRequest(id: string | number = 1, version = "2025-11-25"): Record<string, unknown> {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "test", version: "1" } },
  };
}

/** A session opened by {@link openRawSession}: its id, and the headers of its later POSTs. */
export interface RawSession {
  readonly sessionId: string;
  readonly headers: Record<string, string>;
}

/**
 * Opens a session as a bare client does: `initialize` at `version` (its answer read whole), then,
 * unless `initialized` is false, `notifications/initialized`, which must be answered 202.
 */
export async function openRawSession(
  url: string,
  version = "2025-11-25",
  initialized = true,
): Promise<RawSession> {
  const init = await fetch(url, {
    method: "POST",
    headers: POST_HEADERS,
    body: JSON.stringify(initializeRequest(0, version)),
  });
  const sessionId = init.headers.get("mcp-session-id");
  await init.text();
  if (sessionId === null) throw new Error(`initialize got ${init.status} without a session`);
  const headers = { ...POST_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": version };
  if (!initialized) return { sessionId, headers };
  const note = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  if (note.status !== 202) throw new Error(`notifications/initialized got ${note.status}`);
  return { sessionId, headers };
}

/** POSTs an initialize and returns the minted session id; the answer's body is dropped. */
export async function openSession(url: string, id: string | number = "handshake"): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: POST_HEADERS,
    body: JSON.stringify(initializeRequest(id)),
  });
  const sessionId = response.headers.get("mcp-session-id");
  await response.body?.cancel();
  if (response.status !== 200 || sessionId === null) throw new Error(`initialize got ${response.status}`);
  return sessionId;
}

/** An SSE response being read event by event, each wait bounded. */
export interface SseReader {
  readonly response: Response;
  /** The next event; `undefined` once the stream ended. */
  next(ms?: number): Promise<SseEvent | undefined>;
  /** Reads to the end of the stream. */
  rest(ms?: number): Promise<SseEvent[]>;
  /** Drops the connection, as a client that goes away does. */
  abort(): void;
}

/** Sends a request with fetch and reads its answer as SSE. */
export async function openSse(url: string, init: RequestInit): Promise<SseReader> {
  const controller = new AbortController();
  const response = await withTimeout(
    fetch(url, { ...init, signal: controller.signal }),
    5000,
    "the response",
  );
  const events = readSse(response.body as ReadableStream<Uint8Array>);
  const next = async (ms = 5000) => {
    const step = await withTimeout(events.next(), ms, "an SSE event");
    return step.done ? undefined : step.value;
  };
  return {
    response,
    next,
    rest: async (ms = 5000) => {
      const all: SseEvent[] = [];
      for (let event = await next(ms); event; event = await next(ms)) all.push(event);
      return all;
    },
    abort: () => controller.abort(),
  };
}

/** A GET resuming a session's stream after `lastEventId`. */
export function resumeSse(url: string, sessionId: string, lastEventId: string): Promise<SseReader> {
  return openSse(url, {
    headers: { accept: "text/event-stream", "mcp-session-id": sessionId, "last-event-id": lastEventId },
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A session of a {@link startRecordingServer}: its id, its server transport and what arrived. */
export interface RecordedSession {
  readonly sessionId: string;
  readonly transport: HttpServerTransport;
  readonly recorder: Recorder;
}

/**
 * A server on 127.0.0.1 whose sessions record what arrives in a {@link Recorder} (the test sends
 * every answer itself); `open` initializes a session and gives it. Close `http` after the test.
 */
export async function startRecordingServer(options: Partial<ServeOptions> = {}): Promise<RecordingServer> {
  const recorders = new Map<HttpServerTransport, Recorder>();
  const server = await startServer({
    ...options,
    onSession: (transport) => {
      const recorder = new Recorder();
      recorders.set(transport, recorder);
      return transport.start(recorder);
    },
  });
  const open = async () => {
    const sessionId = await openSession(server.url);
    const transport = await server.next();
    return { sessionId, transport, recorder: recorders.get(transport) as Recorder };
  };
  return { ...server, open };
}

/** A {@link startRecordingServer} server. */
export type RecordingServer = TestServer & { open(): Promise<RecordedSession> };

/**
 * For a test file (call it at its top level): starts recording servers (see
 * {@link startRecordingServer}), the last one started closed after its test.
 */
export function recordingServerPerTest(): PerTest<RecordingServer, Partial<ServeOptions>> {
  return perTest(startRecordingServer, (server) => server.http.close());
}

/** Waits until the session received a request with `id`. */
export function arrived(recorder: Recorder, id: number): Promise<void> {
  return recorder.until(
    () => recorder.messages.some((m) => (m as { id?: unknown }).id === id),
    `request ${id}`,
  );
}
