import { describe, expect, it } from "vitest";
import { MemoryEventStore, type StoredEvent } from "../src/index.js";
import { resolveOptions } from "../src/server/options.js";
import { event, eventStoreContract } from "./event-store-contract.js";

eventStoreContract("MemoryEventStore", async (options) => new MemoryEventStore(options));

describe("MemoryEventStore", () => {
  it("keeps at most maxEventsPerSession per session, dropping that session's oldest", async () => {
    const store = new MemoryEventStore({ maxEventsPerSession: 3 });
    for (let n = 1; n <= 5; n += 1) await store.append("a", event("g", n));
    await store.append("b", event("g", 1));
    expect(store.size).toBe(4);
    expect(await store.eventsAfter("a", "g-2")).toBeUndefined();
    expect(await store.eventsAfter("a", "g-3")).toEqual([event("g", 4), event("g", 5)]);
    expect(await store.eventsAfter("b", "g-1")).toEqual([]);
  });

  it("finds events by id across compactions of a long-lived session's log, with both limits in play", async () => {
    const store = new MemoryEventStore({ maxEventsPerSession: 3, maxEvents: 5 });
    for (let n = 1; n <= 5000; n += 1) {
      await store.append("busy", event("p1", n));
      if (n % 1000 === 0) await store.append("quiet", event("g", n));
    }
    expect(store.size).toBe(5);
    expect(await store.eventsAfter("busy", "p1-4997")).toBeUndefined();
    expect(await store.eventsAfter("busy", "p1-4998")).toEqual([event("p1", 4999), event("p1", 5000)]);
    // The quiet session's oldest was the oldest of all when the total went past 5.
    expect(await store.eventsAfter("quiet", "g-4000")).toEqual([event("g", 5000)]);
    expect(await store.eventsAfter("quiet", "g-3000")).toBeUndefined();
  });

  it("keeps at most maxEvents in all, dropping the oldest of any session", async () => {
    const store = new MemoryEventStore({ maxEvents: 4 });
    await store.append("a", event("g", 1));
    await store.append("b", event("g", 1));
    await store.append("a", event("g", 2));
    await store.append("b", event("g", 2));
    await store.append("a", event("g", 3));
    expect(store.size).toBe(4);
    expect(await store.eventsAfter("a", "g-1")).toBeUndefined();
    expect(await store.eventsAfter("b", "g-1")).toEqual([event("g", 2)]);
    await store.append("a", event("g", 4));
    expect(await store.eventsAfter("b", "g-1")).toBeUndefined();
    expect(await store.eventsAfter("a", "g-2")).toEqual([event("g", 3), event("g", 4)]);
  });

  it("dropSession forgets a session's events and frees its share of the total", async () => {
    const store = new MemoryEventStore({ maxEvents: 3 });
    for (let n = 1; n <= 3; n += 1) await store.append("a", event("g", n));
    await store.dropSession("a");
    expect(store.size).toBe(0);
    expect(await store.eventsAfter("a", "g-1")).toBeUndefined();
    for (let n = 1; n <= 3; n += 1) await store.append("b", event("g", n));
    expect(await store.eventsAfter("b", "g-1")).toEqual([event("g", 2), event("g", 3)]);
  });

  it("stays bounded and correct over many appends (its internal queues compact)", async () => {
    const store = new MemoryEventStore({ maxEventsPerSession: 50, maxEvents: 120 });
    for (let n = 1; n <= 20_000; n += 1) await store.append(`s${n % 3}`, event(n % 2 === 0 ? "g" : "p1", n));
    expect(store.size).toBe(120);
    // 120 in all over three sessions appending in turn: each keeps its newest 40. Session s2
    // (n % 3 === 2) ends with n = 20000, so it holds 19883 to 20000.
    expect(await store.eventsAfter("s2", "g-19880")).toBeUndefined();
    const later: StoredEvent[] = [];
    for (let n = 19889; n <= 20000; n += 6) later.push(event("p1", n));
    expect(later.at(-1)?.eventId).toBe("p1-19997");
    expect(await store.eventsAfter("s2", "p1-19883")).toEqual(later);
  });

  it("refuses limits below one", () => {
    expect(() => new MemoryEventStore({ maxEvents: 0 })).toThrow(
      new RangeError("maxEvents must be a positive integer"),
    );
    expect(() => new MemoryEventStore({ maxEventsPerSession: 1.5 })).toThrow(
      new RangeError("maxEventsPerSession must be a positive integer"),
    );
  });
});

describe("handler defaults", () => {
  it("keep-alive every 15 s, retry 1 s, no early close, no CORS, a memory event store", () => {
    const options = resolveOptions({ onSession: () => {} });
    expect(options.keepAliveMs).toBe(15_000);
    expect(options.sseRetryMs).toBe(1000);
    expect(options.closeSseAfterMs).toBe(0);
    expect(options.cors).toBe(false);
    expect(options.eventStore).toBeInstanceOf(MemoryEventStore);
    expect(resolveOptions({ onSession: () => {}, keepAliveMs: undefined }).keepAliveMs).toBe(15_000);
  });
});
