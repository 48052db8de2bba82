import { type Json, isObject } from "../model/json.js";
import { type Revision, eraOf } from "../model/revisions.js";
import type { HttpRequestSpec } from "../model/transcript.js";
import type { Inbox } from "../run/inbox.js";
import { Deferred, delay, withTimeout } from "../run/time.js";
import {
  EventList,
  deliverJson,
  headerMap,
  isEventStream,
  parseBody,
  pumpEvents,
  readText,
  responseInfo,
} from "./http-body.js";
import { sendRequest } from "./http-request.js";
import { isMessageEvent } from "./sse-parser.js";
import type {
  CloseInfo,
  HttpExchange,
  HttpResponseInfo,
  Outgoing,
  StreamOrigin,
  StreamedEvent,
  Wire,
} from "./wire.js";

/**
 * The body field `Mcp-Name` mirrors, per method (SEP-2243; the tasks extension, SEP-2663, adds the
 * task id of `tasks/get`, `tasks/update` and `tasks/cancel`).
 */
const NAME_FIELD: Readonly<Record<string, string>> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
  "tasks/get": "taskId",
  "tasks/update": "taskId",
  "tasks/cancel": "taskId",
};

interface OpenStream {
  abort: AbortController;
  done: Deferred<CloseInfo>;
}

/** Drives a server under test over Streamable HTTP (docs/conformance-format.md §8.2). */
export class HttpClientWire implements Wire {
  readonly gone = new Deferred<string>();
  onExchange: ((exchange: HttpExchange) => void) | undefined;
  onStreamEvent: ((event: StreamedEvent) => void) | undefined;
  private sessionId: string | undefined;
  private lastEventId: string | undefined;
  private readonly streams = new Map<string, OpenStream>();
  private readonly anonymous: OpenStream[] = [];
  private readonly endpoint: URL;
  /** The last answer with a status outside 2xx, for failure reasons. */
  private lastRefusal: string | undefined;

  constructor(
    readonly inbox: Inbox,
    url: string,
    private readonly revision: Revision,
    private readonly authToken?: string,
  ) {
    this.endpoint = new URL(url);
  }

  /**
   * Variables this wire contributes: `endpoint` (the URL under test), `endpointOrigin`,
   * `endpointPath` (its path without a trailing slash: "" for the root), `lastEventId` once an
   * SSE event carried an id, and `sessionId` once the server issued one.
   */
  variables(): Record<string, Json> {
    const vars: Record<string, Json> = {
      endpoint: this.endpoint.href,
      endpointOrigin: this.endpoint.origin,
      endpointPath: this.endpoint.pathname.replace(/\/+$/, ""),
    };
    if (this.lastEventId !== undefined) vars.lastEventId = this.lastEventId;
    if (this.sessionId !== undefined) vars.sessionId = this.sessionId;
    return vars;
  }

  async connect(): Promise<undefined> {
    return undefined;
  }

  /** The headers the runner adds to a request carrying `body` (§8.2). */
  private autoHeaders(method: string, body: Json | undefined): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.authToken !== undefined) headers.authorization = `Bearer ${this.authToken}`;
    if (method === "GET") headers.accept = "text/event-stream";
    else {
      headers.accept = "application/json, text/event-stream";
      if (method === "POST") headers["content-type"] = "application/json";
    }
    const stateless = eraOf(this.revision) === "stateless";
    if (this.sessionId !== undefined && !stateless) headers["mcp-session-id"] = this.sessionId;
    const rpcMethod = isObject(body) && typeof body.method === "string" ? body.method : undefined;
    // After initialize in the session era; always in the stateless era (initialize is just unknown there).
    if (this.revision >= "2025-06-18" && (rpcMethod !== "initialize" || stateless)) {
      headers["mcp-protocol-version"] = this.revision;
    }
    if (stateless && rpcMethod !== undefined && isObject(body)) {
      headers["mcp-method"] = rpcMethod;
      const params = isObject(body.params) ? body.params : {};
      const name = params[NAME_FIELD[rpcMethod] ?? ""];
      if (typeof name === "string") headers["mcp-name"] = name;
    }
    return headers;
  }

  private track(name: string | undefined): OpenStream {
    const stream: OpenStream = { abort: new AbortController(), done: new Deferred<CloseInfo>() };
    if (name !== undefined) this.streams.set(name, stream);
    else this.anonymous.push(stream);
    return stream;
  }

  /** Performs one request; returns the response info once the head (and a JSON body) arrived. */
  private async exchange(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
    deliver: boolean,
    name: string | undefined,
  ): Promise<HttpResponseInfo> {
    const stream = this.track(name);
    let response: Response;
    try {
      const init: RequestInit & { headers: Record<string, string> } = {
        method,
        headers,
        signal: stream.abort.signal,
        redirect: "manual",
      };
      if (body !== undefined) init.body = body;
      response = await sendRequest(url, init);
    } catch (error) {
      stream.done.resolve({});
      if (!stream.abort.signal.aborted && !this.gone.settled) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        this.gone.resolve(
          `HTTP ${method} ${url.pathname} failed: ${cause?.code ?? cause?.message ?? String(error)}`,
        );
        this.inbox.wake();
      }
      throw error;
    }
    const head = headerMap(response.headers);
    const session = head["mcp-session-id"];
    if (session !== undefined && eraOf(this.revision) === "session") this.sessionId = session;
    if (isEventStream(head)) {
      const events = new EventList();
      const origin = streamOrigin(method, headers, body);
      let index = 0;
      void pumpEvents(response, events, (event) => {
        if (event.id !== undefined) this.lastEventId = event.id;
        this.onStreamEvent?.({ event, index: index++, origin });
        // Priming events carry empty data: they are not messages.
        if (deliver && isMessageEvent(event)) {
          this.inbox.push(event.data, { response: { status: response.status, headers: head } });
        }
      }).then(() => stream.done.resolve({}));
      this.onExchange?.({ method, body, status: response.status, headers: head, text: undefined });
      return responseInfo(response.status, head, undefined, events);
    }
    const text = await readText(response).catch(() => "");
    stream.done.resolve({});
    this.onExchange?.({ method, body, status: response.status, headers: head, text });
    if (response.status < 200 || response.status > 299) {
      const shown = text.length > 500 ? `${text.slice(0, 500)}…` : text;
      this.lastRefusal = `${method} ${url.pathname} was answered with HTTP ${response.status}${shown === "" ? " and no body" : `, body: ${shown}`}`;
    }
    if (deliver && text !== "" && (head["content-type"] ?? "").includes("json")) {
      deliverJson(text, (message) =>
        this.inbox.push(message, { response: { status: response.status, headers: head } }),
      );
    }
    return responseInfo(response.status, head, text === "" ? undefined : parseBody(text), undefined);
  }

  async send(out: Outgoing, wantResponse: boolean, timeoutMs: number): Promise<HttpResponseInfo | undefined> {
    const headers = this.autoHeaders("POST", out.message);
    for (const name of out.http?.omitHeaders ?? []) delete headers[name.toLowerCase()];
    for (const [name, value] of Object.entries(out.http?.headers ?? {})) headers[name.toLowerCase()] = value;
    const pending = this.exchange("POST", this.endpoint, headers, out.text, true, undefined);
    if (!wantResponse) {
      // Keep the order of requests: wait (bounded) until this POST is answered or streaming.
      await Promise.race([pending.catch(() => undefined), delay(Math.min(timeoutMs, 2000))]);
      return undefined;
    }
    return withTimeout(pending, timeoutMs, `no HTTP response within ${timeoutMs} ms`);
  }

  async http(
    spec: HttpRequestSpec,
    body: string | undefined,
    deliver: boolean,
    name: string | undefined,
    timeoutMs: number,
  ): Promise<HttpResponseInfo> {
    const method = (spec.method ?? "POST").toUpperCase();
    const url = spec.path === undefined ? this.endpoint : new URL(spec.path, this.endpoint);
    let parsed: Json | undefined;
    if (body !== undefined) parsed = parseBody(body);
    const headers = spec.autoHeaders === false ? {} : this.autoHeaders(method, parsed);
    for (const header of spec.omitHeaders ?? []) delete headers[header.toLowerCase()];
    for (const [header, value] of Object.entries(spec.headers ?? {})) headers[header.toLowerCase()] = value;
    return withTimeout(
      this.exchange(method, url, headers, body, deliver, name),
      timeoutMs,
      `no HTTP response within ${timeoutMs} ms`,
    );
  }

  async close(_code?: number, _reason?: string, stream?: string): Promise<void> {
    const targets =
      stream === undefined ? [...this.streams.values(), ...this.anonymous] : [this.streams.get(stream)];
    for (const target of targets) target?.abort.abort();
  }

  closed(stream?: string): Promise<CloseInfo> {
    const target = stream === undefined ? undefined : this.streams.get(stream);
    if (!target) return Promise.reject(new Error(`no HTTP stream named "${stream ?? ""}"`));
    return target.done.promise;
  }

  exited(): undefined {
    return undefined;
  }

  /** The last answer with a status outside 2xx (status and body), or "". */
  diagnostics(): string {
    return this.lastRefusal ?? "";
  }

  async dispose(): Promise<void> {
    await this.close();
    if (this.sessionId !== undefined) {
      const headers: Record<string, string> = { "mcp-session-id": this.sessionId };
      if (this.authToken !== undefined) headers.authorization = `Bearer ${this.authToken}`;
      if (this.revision >= "2025-06-18") headers["mcp-protocol-version"] = this.revision;
      await withTimeout(fetch(this.endpoint, { method: "DELETE", headers }), 1000, "DELETE timed out")
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    }
  }
}

/** Which stream an SSE response is: a POST's (with its request ids) or a GET's. */
function streamOrigin(
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): StreamOrigin {
  if (method === "GET") return { method, resuming: headers["last-event-id"] !== undefined };
  if (method !== "POST" || body === undefined) return { method: "other" };
  const parsed = parseBody(body);
  const requestIds = (Array.isArray(parsed) ? parsed : [parsed]).flatMap((item) =>
    isObject(item) && typeof item.method === "string" && Object.hasOwn(item, "id") ? [item.id ?? null] : [],
  );
  const version = headers["mcp-protocol-version"];
  return version === undefined
    ? { method: "POST", requestIds }
    : { method: "POST", requestIds, protocolVersion: version };
}
