import type { Json } from "../model/json.js";
import type { HttpRequestSpec } from "../model/transcript.js";
import type { Inbox } from "../run/inbox.js";
import { Deferred, withTimeout } from "../run/time.js";
import {
  EventList,
  headerMap,
  isEventStream,
  parseBody,
  pumpEvents,
  readText,
  responseInfo,
} from "./http-body.js";
import { sendRequest } from "./http-request.js";
import type { CloseInfo, HttpResponseInfo, Outgoing, StreamedEvent, Wire } from "./wire.js";

/**
 * Drives a server under test over the legacy HTTP+SSE transport (2024-11-05): a GET event stream
 * whose first `endpoint` event names the URL to POST messages to (docs/conformance-format.md §8.4).
 */
export class LegacySseClientWire implements Wire {
  readonly gone = new Deferred<string>();
  onStreamEvent: ((event: StreamedEvent) => void) | undefined;
  private readonly abort = new AbortController();
  private readonly streamDone = new Deferred<CloseInfo>();
  private postUrl: URL | undefined;
  private readonly url: URL;

  constructor(
    readonly inbox: Inbox,
    url: string,
    private readonly connectTimeoutMs: number,
    private readonly authToken?: string,
  ) {
    this.url = new URL(url);
  }

  /** `Authorization: Bearer` when the runner was given a token (§8.2, §9.1). */
  private auth(): Record<string, string> {
    return this.authToken === undefined ? {} : { authorization: `Bearer ${this.authToken}` };
  }

  async connect(): Promise<undefined> {
    const endpoint = new Deferred<string>();
    const opened = (async () => {
      const response = await fetch(this.url, {
        headers: { accept: "text/event-stream", ...this.auth() },
        signal: this.abort.signal,
      });
      const head = headerMap(response.headers);
      if (response.status !== 200 || !isEventStream(head)) {
        await response.body?.cancel();
        throw new Error(
          `GET ${this.url.pathname} answered ${response.status} ${head["content-type"] ?? ""}`.trim(),
        );
      }
      let index = 0;
      void pumpEvents(response, new EventList(), (event) => {
        this.onStreamEvent?.({ event, index: index++, origin: { method: "GET", resuming: false } });
        if (event.event === "endpoint") endpoint.resolve(event.data);
        else if (event.data.trim() !== "" && (event.event === undefined || event.event === "message")) {
          this.inbox.push(event.data);
        }
      }).then(() => {
        this.streamDone.resolve({});
        if (!this.abort.signal.aborted && !this.gone.settled) {
          this.gone.resolve("the server closed the SSE stream");
          this.inbox.wake();
        }
      });
      return endpoint.promise;
    })();
    try {
      const target = await withTimeout(
        opened,
        this.connectTimeoutMs,
        `no endpoint event within ${this.connectTimeoutMs} ms`,
      );
      this.postUrl = new URL(target, this.url);
    } catch (error) {
      const reason = `legacy SSE connect failed: ${(error as Error).message}`;
      this.gone.resolve(reason);
      throw new Error(reason);
    }
    return undefined;
  }

  private async post(headers: Record<string, string>, body: string | undefined, url?: URL, method = "POST") {
    const target = url ?? this.postUrl;
    if (!target) throw new Error("not connected");
    const init: RequestInit & { headers: Record<string, string> } = {
      method,
      headers,
      signal: this.abort.signal,
    };
    if (body !== undefined) init.body = body;
    const response = await sendRequest(target, init);
    const text = await readText(response).catch(() => "");
    return responseInfo(
      response.status,
      headerMap(response.headers),
      text === "" ? undefined : parseBody(text),
      undefined,
    );
  }

  async send(out: Outgoing, wantResponse: boolean, timeoutMs: number): Promise<HttpResponseInfo | undefined> {
    const headers: Record<string, string> = { "content-type": "application/json", ...this.auth() };
    for (const name of out.http?.omitHeaders ?? []) delete headers[name.toLowerCase()];
    for (const [name, value] of Object.entries(out.http?.headers ?? {})) headers[name.toLowerCase()] = value;
    const pending = this.post(headers, out.text).catch((error: unknown) => {
      if (!this.gone.settled) this.gone.resolve(`POST failed: ${(error as Error).message}`);
      this.inbox.wake();
      throw error;
    });
    const answered = withTimeout(pending, timeoutMs, `no HTTP response within ${timeoutMs} ms`);
    if (!wantResponse) {
      await answered.catch(() => undefined);
      return undefined;
    }
    return answered;
  }

  async http(
    spec: HttpRequestSpec,
    body: string | undefined,
    _deliver: boolean,
    _name: string | undefined,
    timeoutMs: number,
  ) {
    const url = spec.path === undefined ? this.postUrl : new URL(spec.path, this.url);
    const headers: Record<string, string> =
      spec.autoHeaders === false ? {} : { "content-type": "application/json", ...this.auth() };
    for (const header of spec.omitHeaders ?? []) delete headers[header.toLowerCase()];
    for (const [header, value] of Object.entries(spec.headers ?? {})) headers[header.toLowerCase()] = value;
    return withTimeout(
      this.post(headers, body, url, (spec.method ?? "POST").toUpperCase()),
      timeoutMs,
      `no HTTP response within ${timeoutMs} ms`,
    );
  }

  async close(): Promise<void> {
    this.abort.abort();
  }

  closed(): Promise<CloseInfo> {
    return this.streamDone.promise;
  }

  exited(): undefined {
    return undefined;
  }

  variables(): Record<string, Json> {
    return {};
  }

  diagnostics(): string {
    return "";
  }

  async dispose(): Promise<void> {
    this.abort.abort();
  }
}
