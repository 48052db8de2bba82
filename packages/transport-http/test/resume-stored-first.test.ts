import { afterEach, describe, expect, it } from "vitest";
import { type EventStore, type HttpServerTransport, MemoryEventStore, type SseEvent } from "../src/index.js";
import {
  openSession,
  openSse,
  POST_HEADERS,
  Recorder,
  sleep,
  startServer,
  type TestServer,
} from "./helpers.js";

// An event reaches the client only once the event store holds it: a client never holds an id the
// store does not know, so it can resume anywhere the store is shared (a fleet whose node died).

let server: TestServer | undefined;
afterEach(async () => {
  await server?.http.close();
  server = undefined;
});

/** A memory store that is slow to append, and says which ids it has finished appending. */
function slowStore(): { store: EventStore; stored: Set<string> } {
  const memory = new MemoryEventStore();
  const stored = new Set<string>();
  const store: EventStore = {
    append: async (sessionId, event) => {
      await sleep(20);
      await memory.append(sessionId, event);
      stored.add(event.eventId);
    },
    eventsAfter: (sessionId, eventId) => memory.eventsAfter(sessionId, eventId),
    dropSession: (sessionId) => memory.dropSession(sessionId),
  };
  return { store, stored };
}

const progress = (n: number) => ({
  jsonrpc: "2.0" as const,
  method: "notifications/progress",
  params: { progress: n },
});

describe("events are stored before they are written", () => {
  it("every event after a stream's first reaches the client only once the store has it, in order", async () => {
    const { store, stored } = slowStore();
    let session: HttpServerTransport | undefined;
    const recorder = new Recorder();
    server = await startServer({
      eventStore: store,
      onSession: (transport) => {
        session = transport;
        return transport.start(recorder);
      },
    });
    const sessionId = await openSession(server.url);
    const call = await openSse(server.url, {
      method: "POST",
      headers: { ...POST_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "slow" } }),
    });
    await recorder.until(() => recorder.messages.some((m) => (m as { id?: unknown }).id === 5), "the call");
    const priming = (await call.next()) as SseEvent;
    expect(priming.data).toBe("");
    const related = { relatedRequestId: 5 };
    for (let n = 1; n <= 5; n += 1) await session?.send(progress(n), related);
    await session?.send({ jsonrpc: "2.0", id: 5, result: { content: [] } }, related);
    const seen: { id: string; data: string; storedWhenRead: boolean; primingStored: boolean }[] = [];
    for (let event = await call.next(); event; event = await call.next()) {
      seen.push({
        id: event.id as string,
        data: event.data,
        storedWhenRead: stored.has(event.id as string),
        primingStored: stored.has(priming.id as string),
      });
    }
    expect(seen.map((event) => event.data)).toEqual([
      ...[1, 2, 3, 4, 5].map((n) => JSON.stringify(progress(n))),
      '{"jsonrpc":"2.0","id":5,"result":{"content":[]}}',
    ]);
    expect(seen.every((event) => event.storedWhenRead && event.primingStored)).toBe(true);
  });
});
