import type { Json } from "../model/json.js";
import type { HttpRequestSpec, SendHttp } from "../model/transcript.js";
import type { Inbox } from "../run/inbox.js";
import type { RequestLog } from "../run/request-log.js";
import type { Deferred } from "../run/time.js";
import type { SseEvent } from "./sse-parser.js";

/** How a process ended. */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
}

/** How a connection or stream was closed by the implementation. */
export interface CloseInfo {
  code?: number;
  reason?: string;
}

/** The head (and, for non-SSE responses, the body) of one HTTP response. */
export interface HttpResponseInfo {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Parsed JSON body, or the text when it is not JSON; undefined for SSE. */
  body?: Json;
  /** SSE events as they arrive (SSE responses only). */
  events?: EventFeed;
}

/** One HTTP exchange as the invariants see it (Streamable HTTP only). */
export interface HttpExchange {
  method: string;
  /** The request body the runner sent, if any. */
  body: string | undefined;
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The response body's text; undefined for an SSE response (its events arrive as messages). */
  text: string | undefined;
}

/**
 * The SSE stream a server message arrived on (Streamable HTTP): a POST's response stream, with the
 * ids of the requests its body carried, or a GET stream, resuming when it sent `Last-Event-ID`.
 */
export type StreamOrigin =
  | {
      method: "POST";
      requestIds: readonly Json[];
      /** The POST's `MCP-Protocol-Version` header, if it sent one. */
      protocolVersion?: string;
    }
  | { method: "GET"; resuming: boolean }
  | { method: "other" };

/** One event of an SSE response (a message or not, delivered to the inbox or not). */
export interface StreamedEvent {
  event: SseEvent;
  /** Its place on its stream, from 0. */
  index: number;
  origin: StreamOrigin;
}

/** SSE events of one response, readable with a bounded wait. */
export interface EventFeed {
  received: SseEvent[];
  ended: boolean;
  /** Resolves when more events arrive or the stream ends. */
  changed(): Promise<void>;
}

/** One message the runner sends. */
export interface Outgoing {
  text: string;
  message?: Json;
  /** stdio: append a newline (default true). */
  newline: boolean;
  /** WebSocket: send as a binary frame. */
  binary: boolean;
  http?: SendHttp;
  /** Client transcripts: which held request a raw HTTP answer is for. */
  to?: Json;
}

/** Options of an explicit connect step. */
export interface ConnectOptions {
  protocols?: string[];
  headers?: Record<string, string>;
}

/** What an explicit connect saw (WebSocket upgrade). */
export interface ConnectResult {
  status?: number;
  headers?: Record<string, string>;
  body?: Json;
  protocol?: string;
}

/** The runner's end of one connection to an implementation, for one run. */
export interface Wire {
  readonly inbox: Inbox;
  /** Streamable HTTP: told of every exchange once its head (and a non-SSE body) arrived. */
  onExchange?: ((exchange: HttpExchange) => void) | undefined;
  /**
   * Streamable HTTP and legacy HTTP+SSE: told of every event of an SSE response, with the stream
   * it came on, before its message reaches the inbox (also for streams whose messages are not
   * delivered).
   */
  onStreamEvent?: ((event: StreamedEvent) => void) | undefined;
  /** Client transcripts over HTTP: every HTTP request the client made (§8.6). */
  readonly requests?: RequestLog | undefined;
  /** Resolved with a reason once the implementation cannot be reached any more. */
  readonly gone: Deferred<string>;
  /** Opens the connection (automatically before setup unless the transcript connects itself). */
  connect(options?: ConnectOptions): Promise<ConnectResult | undefined>;
  /** Sends one message; for HTTP returns the response head when `wantResponse` is set. */
  send(out: Outgoing, wantResponse: boolean, timeoutMs: number): Promise<HttpResponseInfo | undefined>;
  /** A raw HTTP exchange (HTTP-based transports only). */
  http?(
    spec: HttpRequestSpec,
    body: string | undefined,
    deliver: boolean,
    name: string | undefined,
    timeoutMs: number,
  ): Promise<HttpResponseInfo>;
  /** Closes the runner's side (stdin, WebSocket close, HTTP stream abort). */
  close(code?: number, reason?: string, stream?: string): Promise<void>;
  /** Resolves when the implementation closes its side (stdout, WebSocket, HTTP stream). */
  closed(stream?: string): Promise<CloseInfo>;
  /** Resolves when the implementation's process exits; undefined when there is no process. */
  exited(): Promise<ExitInfo> | undefined;
  /** Last lines of the implementation's stderr, for failure reasons. */
  diagnostics(): string;
  /** Ends everything: kills processes, closes sockets. Bounded. */
  dispose(): Promise<void>;
  /**
   * Process sharing over stdio (`stdio-pool.ts`): what the handshake captured when an earlier run
   * on this process went through it (this run then skips it), set once connected.
   */
  readonly handshake?: Record<string, Json> | undefined;
  /** Process sharing: what this run's own handshake captured, for the runs that share it later. */
  rememberHandshake?(vars: Record<string, Json>): void;
  /** Process sharing: the run went well; keep the process for another run when it is clean. */
  recycle?(): Promise<void>;
}
