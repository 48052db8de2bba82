import type { HttpRefusal } from "@mcpkit/core";
import { MediaType } from "../../shared/headers.js";
import type { InboundRequest } from "../inbound.js";
import type { AnswerMode } from "../request-stream.js";
import type { Reply } from "../reply.js";
import { SseConnection } from "../sse-connection.js";
import { sseMessage } from "../sse-format.js";
import { statusOfError } from "./status.js";

/** Headers of a stateless-era SSE answer (no session id, no event ids: nothing resumes). */
const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-type": MediaType.sse,
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
});
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ "content-type": MediaType.json });

/**
 * How one stateless-era request is answered. `json`: one JSON body, notifications dropped. `sse`:
 * an SSE stream of the request's notifications, then its response. `when-ready`: a response given
 * before the stream opens (before any notification, within the macrotask the request arrived in)
 * goes as a JSON body, anything later as `sse`. `errorsAsJson`: an error answered before the
 * stream opens goes as a JSON body (the client accepts JSON).
 */
export interface ExchangeForm {
  readonly mode: AnswerMode;
  readonly errorsAsJson: boolean;
  /** SSE: keep-alive comment interval in ms; 0 sends none. */
  readonly keepAliveMs: number;
}

/**
 * The HTTP answer to one stateless-era request. JSON: the answer's status is its response's (404
 * unknown method, 400 refusals, see {@link statusOfError}; 200 otherwise). SSE: an error the
 * engine gives at once (admission, validation, unknown method: all within the turn the request is
 * delivered in) still gets its status; otherwise 200 and the stream open at the next macrotask, so
 * the client sees the stream start before any work is done (errors after that travel on the 200
 * stream). The client closing the answer (or the request's signal aborting) cancels the request:
 * `signal` aborts and nothing more is written.
 */
export class StatelessExchange {
  /** Aborted when the client stops waiting; handed to the engine as `MessageContext.signal`. */
  readonly signal: AbortSignal;
  readonly response: Promise<Reply>;
  private readonly controller = new AbortController();
  private resolve: (reply: Reply) => void = () => {};
  private connection: SseConnection | undefined;
  private committed = false;
  private finished = false;
  private commitTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly form: ExchangeForm,
    /** The HTTP request: where the answer's body sink comes from. */
    private readonly http: Pick<InboundRequest, "openBody">,
    /** Runs once when the exchange is over (answered, cancelled or ended). */
    private readonly onDone: () => void,
  ) {
    this.signal = this.controller.signal;
    this.response = new Promise((resolve) => {
      this.resolve = resolve;
    });
    // Engine refusals come back within microtasks of delivery; a macrotask later, nothing did.
    if (form.mode !== "json") this.commitTimer = setTimeout(() => this.commitSse(), 0);
  }

  /** Whether the exchange is over. */
  get done(): boolean {
    return this.finished;
  }

  /** A notification related to the request (progress, log, listen events). */
  notify(json: string): void {
    if (this.finished || this.form.mode === "json") return;
    this.commitSse();
    this.connection?.write(sseMessage(json));
  }

  /**
   * The response (already carrying the client's id); `errorCode` when it is an error; `refusal`
   * when it refuses the request's credentials (its status and challenge, unless the stream is
   * already open).
   */
  respond(json: string, errorCode: number | undefined, refusal?: HttpRefusal): void {
    if (this.finished) return;
    if (this.committed) {
      this.connection?.write(sseMessage(json));
      this.finish();
      this.connection?.close();
      return;
    }
    const status = refusal?.status ?? (errorCode === undefined ? 200 : statusOfError(errorCode));
    if (this.form.mode !== "sse" || (errorCode !== undefined && this.form.errorsAsJson)) {
      const headers = refusal ? { ...JSON_HEADERS, ...refusal.headers } : JSON_HEADERS;
      this.commit({ status, headers, body: json });
    } else {
      const connection = this.openSse(status, refusal?.headers);
      connection.write(sseMessage(json));
      connection.close();
    }
    this.finish();
  }

  /** The client went away: cancel the request and write nothing more. */
  cancel(): void {
    if (this.finished) return;
    this.finish();
    this.controller.abort(new Error("the client closed the request's stream"));
    this.connection?.close();
    // Nobody reads this (the client is gone); it only settles the handler's promise.
    this.commit({ status: 499, headers: {} });
  }

  /** The endpoint is closing: unanswered requests end (503 when nothing was sent yet). */
  end(): void {
    if (this.finished) return;
    this.finish();
    this.controller.abort(new Error("the endpoint closed"));
    this.connection?.close();
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32603, message: "Service Unavailable: the endpoint is closing" },
    });
    this.commit({ status: 503, headers: JSON_HEADERS, body });
  }

  private commitSse(): void {
    if (!this.committed && !this.finished) this.openSse(200);
  }

  private openSse(status: number, extraHeaders?: Readonly<Record<string, string>>): SseConnection {
    const sink = this.http.openBody();
    const connection = new SseConnection(sink, this.form.keepAliveMs, () => this.cancel());
    this.connection = connection;
    const headers = extraHeaders ? { ...SSE_HEADERS, ...extraHeaders } : SSE_HEADERS;
    this.commit({ status, headers, body: sink });
    return connection;
  }

  private commit(reply: Reply): void {
    if (this.committed) return;
    this.committed = true;
    clearTimeout(this.commitTimer);
    this.resolve(reply);
  }

  private finish(): void {
    this.finished = true;
    clearTimeout(this.commitTimer);
    this.onDone();
  }
}
