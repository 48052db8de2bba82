import { type JsonRpcPayload, LocalError, type LogSeverity, logTo } from "@mcpkit/core";
import { MediaType } from "../shared/headers.js";
import { AbortSwitch, timeoutError } from "./abort-switch.js";
import { answerChallenge, sendAuthorized, withAuthHeaders } from "./auth.js";
import type { HttpCall, HttpReply, HttpSender } from "./http-sender.js";
import type { ExchangePurpose, HttpMethod, StreamableHttpClientOptions } from "./options.js";
import type { PostExchange } from "./post-exchange.js";
import { RedirectRefusedError, followRedirects, isRedirect } from "./redirect.js";
import { type HeaderRecord, buildHeaders } from "./request-headers.js";

/** Statuses worth another attempt when resuming a stream (409: the old GET is not gone yet). */
export const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** What a POST accepts: either a JSON body or an SSE stream. */
export const POST_ACCEPT = `${MediaType.json}, ${MediaType.sse}`;

/** Whether `error` carries an HTTP status (an HTTP refusal, or an auth provider's error for one). */
export function hasStatus(error: unknown): boolean {
  return error instanceof Error && typeof (error as { status?: unknown }).status === "number";
}

/** The session state every request's headers depend on. */
export interface HeaderState {
  readonly sessionId: string | undefined;
  readonly protocolVersion: string | undefined;
}

/**
 * What every HTTP exchange of the Streamable HTTP client transport goes through: its sender, the
 * auth provider and redirects, the headers of each request, and the `onExchange` and `logger`
 * hooks that report them.
 */
export class HttpChannel {
  constructor(
    readonly url: string,
    private readonly options: StreamableHttpClientOptions,
    readonly sender: HttpSender,
    readonly maxMessageBytes: number,
    private readonly maxRedirects: number,
  ) {}

  /**
   * Sends `call` with the auth provider's headers (if there is one; a 401/403 goes to it and may be
   * sent once more), following the redirects that may be followed (see redirect.ts).
   */
  exchange(call: HttpCall): Promise<HttpReply> {
    return sendAuthorized(this.options.authProvider, call, (next) => this.follow(next));
  }

  /** Sends `call`, following the redirects that may be followed (see redirect.ts). */
  async follow(call: HttpCall): Promise<HttpReply> {
    const reply = await this.sender.send(call);
    return isRedirect(reply) ? followRedirects(this.sender, call, reply, this.maxRedirects) : reply;
  }

  /**
   * POSTs `body` for `exchange` with the headers `makeHeaders` gives, the auth provider's headers
   * and its answer to a challenge, and redirects followed; `dispatched` runs once the request is
   * on its way (or could not be sent). Rejects with what the send rejects with: the error as it is
   * for a refused redirect or an auth provider's, else a `LocalError` (`connection_closed` once
   * `ended()`, `cancelled` when the exchange was aborted, else `transport_failed`).
   */
  async post(
    makeHeaders: () => HeaderRecord | Promise<HeaderRecord>,
    body: string,
    exchange: PostExchange,
    dispatched: () => void,
    ended: () => boolean,
  ): Promise<HttpReply> {
    try {
      const headers = await makeHeaders();
      const auth = this.options.authProvider;
      let call: HttpCall = { method: "POST", url: this.url, headers, body, abort: exchange.abort };
      if (auth) call = await withAuthHeaders(auth, call, headers);
      const pending = this.sender.send(call);
      dispatched();
      let response = await pending;
      if (isRedirect(response))
        response = await followRedirects(this.sender, call, response, this.maxRedirects);
      if (auth)
        response = await answerChallenge(auth, call, headers, response, (again) => this.follow(again));
      return response;
    } catch (error) {
      dispatched();
      this.reportFailure("POST", "message", error);
      if (ended()) throw new LocalError("connection_closed", "the HTTP transport is closed");
      // A refused redirect, or an auth provider that could not authorize: the error as it is.
      if (error instanceof RedirectRefusedError || hasStatus(error)) throw error;
      if (exchange.abort.aborted) throw new LocalError("cancelled", `${exchange.what} was cancelled`);
      throw new LocalError("transport_failed", `the POST failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  /** Sends DELETE to end the session `sessionId`, giving up after `timeoutMs`; never rejects. */
  async deleteSession(
    makeHeaders: () => HeaderRecord | Promise<HeaderRecord>,
    sessionId: string | undefined,
    timeoutMs: number,
  ): Promise<void> {
    const deadline = new AbortSwitch();
    const timer = setTimeout(() => deadline.abort(timeoutError()), timeoutMs);
    try {
      const headers = await makeHeaders();
      const reply = await this.exchange({ method: "DELETE", url: this.url, headers, abort: deadline });
      this.report("DELETE", "terminate", reply);
      // 405: the server does not let clients end sessions; it expires them itself.
      reply.cancel();
    } catch (error) {
      this.reportFailure("DELETE", "terminate", error);
      this.log("warn", { err: error, sessionId }, "ending the session (DELETE) failed");
    } finally {
      clearTimeout(timer);
    }
  }

  /** The body of an error answer, for the error; cut short (empty) past `maxMessageBytes`. */
  async errorText(response: HttpReply): Promise<string> {
    try {
      return (await response.text(this.maxMessageBytes)) ?? "";
    } catch {
      return "";
    }
  }

  /** The headers of one request: `base`, the session's, the stateless ones, `extra`, the hook's. */
  headersFor(
    state: HeaderState,
    method: HttpMethod,
    purpose: ExchangePurpose,
    base: HeaderRecord,
    message?: JsonRpcPayload,
    stateless?: string,
    extra?: Readonly<Record<string, string>>,
  ): HeaderRecord | Promise<HeaderRecord> {
    return buildHeaders(base, {
      request: { method, url: this.url, sessionId: state.sessionId, purpose, message },
      stateless,
      extra,
      protocolVersion: state.protocolVersion,
      hook: this.options.headers,
    });
  }

  log(severity: LogSeverity, fields: Record<string, unknown>, message: string): void {
    logTo(this.options.logger, severity, fields, message);
  }

  /** Tells `onExchange` how an exchange was answered. */
  report(method: HttpMethod, purpose: ExchangePurpose, response: HttpReply): void {
    const { status, statusText } = response;
    this.options.onExchange?.({ method, url: this.url, purpose, status, statusText });
  }

  /** Tells `onExchange` that an exchange got no answer. */
  reportFailure(method: HttpMethod, purpose: ExchangePurpose, error: unknown): void {
    const cause = error instanceof Error ? error : new Error(String(error));
    this.options.onExchange?.({ method, url: this.url, purpose, status: 0, statusText: "", error: cause });
  }
}
