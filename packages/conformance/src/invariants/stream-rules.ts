import { type Json, isObject } from "../model/json.js";
import type { Revision } from "../model/revisions.js";
import type { SseEvent } from "../wire/sse-parser.js";
import type { HttpExchange, StreamOrigin } from "../wire/wire.js";
import { type RunState, idKey } from "./state.js";
import type { Breach } from "./violation.js";

/** How many requests answered with an SSE stream one run remembers. */
const STREAMED_LIMIT = 1000;

/**
 * Streamable HTTP: which stream each server message travels on. A POST's SSE stream carries only
 * what relates to its own request; a GET stream carries no responses (unless it resumes another
 * stream) and nothing tied to a request still running.
 *
 * What is decidable on the wire: a progress notification names its request through the token the
 * runner handed out. When that request is still running on its own SSE stream, the notification
 * relates to it and to nothing else, so it belongs on that stream.
 */
export class StreamRules {
  /** Requests (by id key) whose POST was answered with an SSE stream. */
  private readonly streamed = new Set<string>();

  /** Notes the requests whose POST got an SSE response (told before its events arrive). */
  exchanged(exchange: HttpExchange): void {
    if (exchange.method !== "POST" || exchange.body === undefined) return;
    if (!(exchange.headers["content-type"] ?? "").includes("text/event-stream")) return;
    let body: Json;
    try {
      body = JSON.parse(exchange.body) as Json;
    } catch {
      return;
    }
    for (const item of Array.isArray(body) ? body : [body])
      if (isObject(item) && typeof item.method === "string" && Object.hasOwn(item, "id"))
        if (this.streamed.size < STREAMED_LIMIT) this.streamed.add(idKey(item.id));
  }

  /** Judges one message that arrived on `origin`. */
  judge(message: Json, origin: StreamOrigin, state: RunState, revision: Revision): Breach[] {
    if (!isObject(message) || origin.method === "other") return [];
    const running = this.runningOwner(message, state);
    if (origin.method === "GET") {
      if (revision >= "2026-07-28") return [];
      const out: Breach[] = [];
      const response = typeof message.method !== "string" && ("result" in message || "error" in message);
      if (response && !origin.resuming)
        out.push({
          requirement: "http.get.no-responses",
          detail: "a JSON-RPC response on a GET stream that resumes nothing (no Last-Event-ID)",
          message,
        });
      if (running !== undefined)
        out.push({
          requirement: "http.get.unrelated-only",
          detail: `progress of request ${running}, still running on its own SSE stream, sent on the GET stream`,
          message,
        });
      return out;
    }
    if (running === undefined || origin.requestIds.some((id) => idKey(id) === running)) return [];
    const on = origin.requestIds.map((id) => JSON.stringify(id)).join(", ");
    return [
      {
        requirement: revision >= "2026-07-28" ? "http2026.sse.related-only" : "http.sse.related-only",
        detail: `progress of request ${running}, still running on its own SSE stream, sent on the stream of request ${on}`,
        message,
      },
    ];
  }

  /**
   * The id key of the request a progress notification reports on, when that request is unanswered
   * and its POST was answered with an SSE stream; else undefined.
   */
  private runningOwner(message: { [key: string]: Json }, state: RunState): string | undefined {
    if (message.method !== "notifications/progress" || !isObject(message.params)) return undefined;
    const token = message.params.progressToken;
    if (typeof token !== "string" && typeof token !== "number") return undefined;
    const owner = state.tokens.get(idKey(token))?.request;
    if (owner === undefined || !this.streamed.has(owner)) return undefined;
    return state.requests.get(owner)?.answered === false ? owner : undefined;
  }
}

/**
 * 2025-11-25: the SSE stream that answers a POST starts with a priming event, an event id and
 * empty data, so that the client can resume it (basic/transports, "Sending Messages to the
 * Server"). Judged on the first event of each such stream but initialize's, when the POST said
 * `MCP-Protocol-Version: 2025-11-25`.
 */
export function primingRule(first: SseEvent, origin: StreamOrigin, state: RunState): Breach[] {
  if (state.revision !== "2025-11-25" || origin.method !== "POST") return [];
  // Without the version header the server assumes 2025-03-26, which has no priming events; before
  // initialize is answered it has not settled on a revision yet.
  if (origin.protocolVersion !== "2025-11-25") return [];
  if (origin.requestIds.some((id) => state.requests.get(idKey(id))?.method === "initialize")) return [];
  if (first.id !== undefined && first.id !== "" && first.data === "") return [];
  const shown = first.id === undefined ? "no id" : `id ${JSON.stringify(first.id)}`;
  return [
    {
      requirement: "http.polling.priming-event",
      detail: `a POST's SSE stream whose first event is not a priming event (${shown}, data ${JSON.stringify(first.data.slice(0, 100))})`,
      message: first.data,
    },
  ];
}
