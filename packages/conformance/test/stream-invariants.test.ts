import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Invariants, type RunObserver } from "../src/invariants/observer.js";
import { loadRequirements } from "../src/load/requirements.js";
import type { Revision } from "../src/model/revisions.js";
import type { SseEvent } from "../src/wire/sse-parser.js";
import type { StreamOrigin } from "../src/wire/wire.js";

const requirements = loadRequirements(
  fileURLToPath(new URL("../../../conformance/requirements", import.meta.url)),
);

const call = (id: number, token?: string) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: {
    name: "slow",
    arguments: {},
    ...(token === undefined ? {} : { _meta: { progressToken: token } }),
  },
});
const progress = (token: string) => ({
  jsonrpc: "2.0",
  method: "notifications/progress",
  params: { progressToken: token, progress: 1 },
});
const result = (id: number) => ({ jsonrpc: "2.0", id, result: { content: [] } });
const onPost = (...requestIds: number[]): StreamOrigin => ({
  method: "POST",
  requestIds,
  protocolVersion: "2025-11-25",
});
const onGet: StreamOrigin = { method: "GET", resuming: false };

/** A run where `sse` POSTs got SSE streams (the others JSON), then `events` arrived. */
function check(
  script: (run: RunObserver) => void,
  revision: Revision = "2025-11-25",
  transport: "http" | "stdio" = "http",
): string[] {
  const invariants = new Invariants(requirements);
  const run = invariants.forRun({ transcript: "t", revision, transport });
  script(run);
  return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
}

function posted(run: RunObserver, message: object, sse = true): void {
  run.sent(message as never);
  const type = sse ? "text/event-stream" : "application/json";
  run.exchanged({
    method: "POST",
    body: JSON.stringify(message),
    status: 200,
    headers: { "content-type": type },
    text: undefined,
  });
}

/** A message event on `origin` (not the stream's first event, unless `index` says so). */
const stream = (run: RunObserver, message: object, origin: StreamOrigin, index = 1) =>
  run.streamed({ event: { id: "e", data: JSON.stringify(message), hasData: true }, index, origin });

describe("which stream a message travels on (Streamable HTTP)", () => {
  it("accepts progress on its own request's stream and responses on POST streams", () => {
    const seen = check((run) => {
      posted(run, call(1, "a"));
      posted(run, call(2, "b"));
      stream(run, progress("a"), onPost(1));
      stream(run, progress("b"), onPost(2));
      stream(run, result(1), onPost(1));
      stream(run, { jsonrpc: "2.0", method: "notifications/tools/list_changed" }, onGet);
      stream(run, result(2), { method: "GET", resuming: true });
    });
    expect(seen).toEqual([]);
  });

  it("progress of a running request on another request's stream", () => {
    const seen = check((run) => {
      posted(run, call(1, "a"));
      posted(run, call(2, "b"));
      stream(run, progress("a"), onPost(2));
    });
    expect(seen).toEqual([
      "http.sse.related-only: progress of request 1, still running on its own SSE stream, sent on the stream of request 2",
    ]);
  });

  it("is judged under the 2026-07-28 rule at 2026-07-28 (a listen stream is a request's stream too)", () => {
    const seen = check((run) => {
      posted(run, { jsonrpc: "2.0", id: 50, method: "subscriptions/listen", params: {} });
      posted(run, call(2, "p-2"));
      stream(run, progress("p-2"), onPost(50));
    }, "2026-07-28");
    expect(seen).toEqual([
      "http2026.sse.related-only: progress of request 2, still running on its own SSE stream, sent on the stream of request 50",
    ]);
  });

  it("a response on a GET stream that resumes nothing, and a running request's progress there", () => {
    const seen = check((run) => {
      posted(run, call(1, "a"));
      stream(run, progress("a"), onGet);
      stream(run, result(1), onGet);
    });
    expect(seen).toEqual([
      "http.get.no-responses: a JSON-RPC response on a GET stream that resumes nothing (no Last-Event-ID)",
      "http.get.unrelated-only: progress of request 1, still running on its own SSE stream, sent on the GET stream",
    ]);
  });

  it("does not judge progress whose request was answered, or had no SSE stream of its own", () => {
    const seen = check((run) => {
      posted(run, call(1, "a"));
      run.received(JSON.stringify(result(1)), result(1));
      posted(run, call(2, "b"), false);
      posted(run, call(3));
      // A task's progress after its CreateTaskResult, or a JSON-answered request's progress.
      stream(run, progress("a"), onPost(3));
      stream(run, progress("b"), onPost(3));
      stream(run, progress("b"), onGet);
    });
    expect(seen).toEqual([]);
  });

  it("applies to Streamable HTTP only", () => {
    const seen = check(
      (run) => {
        posted(run, call(1, "a"));
        stream(run, result(1), onGet);
      },
      "2025-11-25",
      "stdio",
    );
    expect(seen).toEqual([]);
  });
});

describe("2025-11-25: a POST's SSE stream starts with a priming event", () => {
  const first = (run: RunObserver, event: SseEvent, origin: StreamOrigin) =>
    run.streamed({ event, index: 0, origin });

  it("accepts an id with empty data first; does not judge GET streams, initialize or unversioned POSTs", () => {
    const seen = check((run) => {
      posted(run, { jsonrpc: "2.0", id: 0, method: "initialize", params: {} });
      first(run, { data: JSON.stringify(result(0)), hasData: true }, onPost(0));
      posted(run, call(1));
      first(run, { id: "s1-0", data: "", hasData: true }, onPost(1));
      first(run, { id: "s1-0", data: "", hasData: false, retry: 1000 }, onPost(1));
      first(run, { data: JSON.stringify(progress("x")), hasData: true }, onGet);
      // No version header: the server assumes 2025-03-26, which has no priming events.
      first(run, { data: JSON.stringify(result(1)), hasData: true }, { method: "POST", requestIds: [1] });
    });
    expect(seen).toEqual([]);
  });

  it("a stream that opens with a message, or with a priming event without an id", () => {
    const seen = check((run) => {
      posted(run, call(1));
      first(run, { data: JSON.stringify(result(1)), hasData: true }, onPost(1));
      posted(run, call(2));
      first(run, { data: "", hasData: true }, onPost(2));
    });
    expect(seen).toEqual([
      'http.polling.priming-event: a POST\'s SSE stream whose first event is not a priming event (no id, data "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"result\\":{\\"content\\":[]}}")',
    ]);
  });

  it("is a 2025-11-25 rule only", () => {
    const seen = check((run) => {
      posted(run, call(1));
      run.streamed({
        event: { data: JSON.stringify(result(1)), hasData: true },
        index: 0,
        origin: onPost(1),
      });
    }, "2025-06-18");
    expect(seen).toEqual([]);
  });
});

describe("legacy HTTP+SSE: server messages are message events", () => {
  const legacy = (events: SseEvent[]) => {
    const invariants = new Invariants(requirements);
    const run = invariants.forRun({ transcript: "t", revision: "2024-11-05", transport: "sse" });
    for (const [index, event] of events.entries()) run.streamed({ event, index, origin: onGet });
    return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
  };
  const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

  it("accepts one endpoint event, then message events (typed or not) and empty keep-alives", () => {
    expect(
      legacy([
        { event: "endpoint", data: "/messages?session=1", hasData: true },
        { event: "message", data: ping, hasData: true },
        { data: ping, hasData: true },
        { event: "ping", data: "", hasData: false },
      ]),
    ).toEqual([]);
  });

  it("an event of another type with data, and a second endpoint event", () => {
    expect(
      legacy([
        { event: "endpoint", data: "/messages?session=1", hasData: true },
        { event: "notification", data: ping, hasData: true },
      ]),
    ).toEqual([
      'sse.message-events: an SSE event of type "notification" with data (server messages are message events)',
    ]);
    expect(
      legacy([
        { event: "endpoint", data: "/messages?session=1", hasData: true },
        { event: "endpoint", data: "/messages?session=2", hasData: true },
      ]),
    ).toEqual(["sse.message-events: a second endpoint event on the SSE stream"]);
  });
});
