import { LocalError } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import { type EventStore, MemoryEventStore, type SseEvent } from "../src/index.js";
import type { ServeOptions } from "../src/node.js";
import {
  openSse,
  POST_HEADERS,
  type Recorder,
  resumeSse,
  withTimeout,
  arrived,
  recordingServerPerTest,
} from "./helpers.js";

const startRecording = recordingServerPerTest();

/**
 * An event store whose appends for one session (`stall`) wait until `release`; those of other
 * sessions go through. `stalling` settles once an append waits.
 */
function stallingStore() {
  const memory = new MemoryEventStore();
  let stalled: string | undefined;
  let open: () => void = () => {};
  let gate = Promise.resolve();
  let waits: () => void = () => {};
  let stalling = Promise.resolve();
  const store: EventStore = {
    append: async (sessionId, event) => {
      if (sessionId === stalled) {
        waits();
        await gate;
      }
      await memory.append(sessionId, event);
    },
    eventsAfter: (sessionId, eventId) => memory.eventsAfter(sessionId, eventId),
    dropSession: (sessionId) => memory.dropSession(sessionId),
  };
  return {
    store,
    get stalling() {
      return stalling;
    },
    stall(sessionId: string) {
      stalled = sessionId;
      gate = new Promise((resolve) => {
        open = resolve;
      });
      stalling = new Promise((resolve) => {
        waits = resolve;
      });
    },
    release() {
      stalled = undefined;
      open();
    },
  };
}

/** A server whose sessions record what arrives (the test sends every answer itself). */
async function serve(options: Partial<ServeOptions>) {
  const recording = await startRecording(options);
  return { url: recording.url, open: recording.open };
}

const progress = (n: number) => ({
  jsonrpc: "2.0" as const,
  method: "notifications/progress",
  params: { progressToken: "t", progress: n },
});
const result = (id: number) => ({ jsonrpc: "2.0" as const, id, result: { content: [] } });
/** The id of the `n`th event after `event` on its stream (ids number the session's events). */
function following(event: SseEvent, n: number): string {
  const [, stream, count] = /^(.*)-(\d+)$/.exec(event.id as string) as RegExpExecArray;
  return `${stream}-${Number(count) + n}`;
}
const data = (events: readonly (SseEvent | undefined)[]) => events.map((event) => event?.data);

/** Calls a tool on the session and waits until the request arrived; returns its SSE answer. */
async function callTool(url: string, session: { sessionId: string; recorder: Recorder }, id: number) {
  const call = await openSse(url, {
    method: "POST",
    headers: { ...POST_HEADERS, "mcp-session-id": session.sessionId, "mcp-protocol-version": "2025-11-25" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "slow" } }),
  });
  await arrived(session.recorder, id);
  return call;
}

const overBound = new LocalError(
  "transport_failed",
  "more than 3 events of an SSE stream wait for the event store",
);

describe("maxPendingEvents: events of a stream waiting for a stalled event store", () => {
  it("refuses the event past the bound, closes the connection after what waited, and the client resumes", async () => {
    const gated = stallingStore();
    const { url, open } = await serve({ eventStore: gated.store, maxPendingEvents: 3 });
    const a = await open();
    const b = await open();
    const call = await callTool(url, a, 7);
    const priming = (await call.next()) as SseEvent;
    expect(priming.data).toBe("");

    gated.stall(a.sessionId);
    for (let n = 1; n <= 3; n += 1) await a.transport.send(progress(n), { relatedRequestId: 7 });
    // The priming event and progress 1 go to the store, whose first append waits.
    await withTimeout(gated.stalling, 5000, "an append to wait");
    const refused = a.transport.send(progress(4), { relatedRequestId: 7 });
    await expect(refused).rejects.toThrow(overBound);
    await expect(refused).rejects.toMatchObject({ code: "transport_failed" });

    // Another session on the same store goes on as usual meanwhile.
    const other = await callTool(url, b, 1);
    await b.transport.send(progress(1), { relatedRequestId: 1 });
    await b.transport.send(result(1), { relatedRequestId: 1 });
    expect(data(await other.rest())).toEqual(["", JSON.stringify(progress(1)), JSON.stringify(result(1))]);

    gated.release();
    // What waited is written, then the connection closes: progress 4 was never sent.
    const written = await call.rest();
    expect(data(written)).toEqual([1, 2, 3].map((n) => JSON.stringify(progress(n))));
    expect(written.map((event) => event.id)).toEqual([1, 2, 3].map((n) => following(priming, n)));

    // The store caught up: the stream takes events again, for the resume.
    await a.transport.send(progress(5), { relatedRequestId: 7 });
    await a.transport.send(result(7), { relatedRequestId: 7 });
    const resumed = await resumeSse(url, a.sessionId, following(priming, 3));
    const replayed = await resumed.rest();
    expect(data(replayed)).toEqual([JSON.stringify(progress(5)), JSON.stringify(result(7))]);
    // The refused event took no id.
    expect(replayed.map((event) => event.id)).toEqual([following(priming, 4), following(priming, 5)]);
  });

  it("never refuses a POST's final answer: at the bound it is still accepted and delivered", async () => {
    const gated = stallingStore();
    const { url, open } = await serve({ eventStore: gated.store, maxPendingEvents: 3 });
    const a = await open();
    const call = await callTool(url, a, 2);
    const priming = (await call.next()) as SseEvent;
    gated.stall(a.sessionId);
    for (let n = 1; n <= 3; n += 1) await a.transport.send(progress(n), { relatedRequestId: 2 });
    await expect(a.transport.send(progress(4), { relatedRequestId: 2 })).rejects.toThrow(overBound);
    await a.transport.send(result(2), { relatedRequestId: 2 });
    gated.release();
    // The answer was stored with the events before it, so it goes out before the close.
    const written = await call.rest();
    expect(data(written)).toEqual([
      ...[1, 2, 3].map((n) => JSON.stringify(progress(n))),
      JSON.stringify(result(2)),
    ]);
    expect(written.at(-1)?.id).toBe(following(priming, 4));
    // And the store has it, for a client that lost the connection.
    const resumed = await resumeSse(url, a.sessionId, following(priming, 3));
    expect(data(await resumed.rest())).toEqual([JSON.stringify(result(2))]);
  });

  it("the GET stream: past the bound sends are refused, and held for the resume once its connection closed", async () => {
    const gated = stallingStore();
    const { url, open } = await serve({ eventStore: gated.store, maxPendingEvents: 2 });
    const a = await open();
    const get = await openSse(url, {
      headers: {
        accept: "text/event-stream",
        "mcp-session-id": a.sessionId,
        "mcp-protocol-version": "2025-11-25",
      },
    });
    const priming = (await get.next()) as SseEvent;
    gated.stall(a.sessionId);
    for (let n = 1; n <= 2; n += 1) await a.transport.send(progress(n));
    await expect(a.transport.send(progress(3))).rejects.toThrow(
      new LocalError("transport_failed", "more than 2 events of an SSE stream wait for the event store"),
    );
    gated.release();
    expect(data(await get.rest())).toEqual([1, 2].map((n) => JSON.stringify(progress(n))));
    // No connection: the GET stream holds what comes for the next one, as always.
    await a.transport.send(progress(4));
    const resumed = await resumeSse(url, a.sessionId, following(priming, 2));
    expect(data([await resumed.next()])).toEqual([JSON.stringify(progress(4))]);
    resumed.abort();
  });

  it("defaults to 1000", async () => {
    const { resolveOptions } = await import("../src/server/options.js");
    expect(resolveOptions({ onSession: () => {} }).maxPendingEvents).toBe(1000);
  });
});
