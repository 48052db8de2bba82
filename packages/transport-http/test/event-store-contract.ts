/**
 * The contract every {@link EventStore} keeps, as one suite: the memory store runs it here, and
 * `@mcpkit/redis` runs the same suite against a real redis-server. Test-only: not shipped.
 */
import { describe, expect, it } from "vitest";
import type { EventStore, StoredEvent } from "../src/index.js";

export const event = (streamId: string, n: number): StoredEvent => ({
  streamId,
  eventId: `${streamId}-${n}`,
  data: `{"n":${n}}`,
});

/**
 * Runs the EventStore contract against stores made by `make` (each call a fresh, empty store).
 *
 * @example
 * ```ts
 * eventStoreContract("MemoryEventStore", async (options) => new MemoryEventStore(options));
 * ```
 */
export function eventStoreContract(
  name: string,
  make: (options: { maxEventsPerSession?: number }) => Promise<EventStore>,
) {
  describe(`${name} (EventStore contract)`, () => {
    it("returns the later events of the same stream only, oldest first; undefined for an unknown id", async () => {
      const store = await make({});
      for (const [stream, n] of [
        ["p1", 1],
        ["g", 2],
        ["p1", 3],
        ["p2", 4],
        ["p1", 5],
      ] as const) {
        await store.append("s", event(stream, n));
      }
      expect(await store.eventsAfter("s", "p1-1")).toEqual([event("p1", 3), event("p1", 5)]);
      expect(await store.eventsAfter("s", "p1-5")).toEqual([]);
      expect(await store.eventsAfter("s", "g-2")).toEqual([]);
      expect(await store.eventsAfter("s", "p9-9")).toBeUndefined();
      // Ids are per session: another session's store does not know them.
      expect(await store.eventsAfter("other", "p1-1")).toBeUndefined();
    });

    it("keeps every event of a long stream exactly once, with its data as given", async () => {
      const store = await make({ maxEventsPerSession: 2000 });
      const data = (n: number) =>
        JSON.stringify({ jsonrpc: "2.0", method: "x", params: { n, text: 'é\n"' } });
      for (let n = 1; n <= 1000; n += 1)
        await store.append("s", { streamId: "p1", eventId: `p1-${n}`, data: data(n) });
      const later = await store.eventsAfter("s", "p1-400");
      expect(later?.map((e) => e.eventId)).toEqual(Array.from({ length: 600 }, (_, i) => `p1-${i + 401}`));
      expect(later?.at(-1)).toEqual({ streamId: "p1", eventId: "p1-1000", data: data(1000) });
    });

    it("keeps at most maxEventsPerSession per session, dropping that session's oldest", async () => {
      const store = await make({ maxEventsPerSession: 3 });
      for (let n = 1; n <= 5; n += 1) await store.append("a", event("g", n));
      await store.append("b", event("g", 1));
      expect(await store.eventsAfter("a", "g-2")).toBeUndefined();
      expect(await store.eventsAfter("a", "g-3")).toEqual([event("g", 4), event("g", 5)]);
      expect(await store.eventsAfter("b", "g-1")).toEqual([]);
    });

    it("dropSession forgets a session's events and no other's", async () => {
      const store = await make({});
      for (let n = 1; n <= 3; n += 1) await store.append("a", event("g", n));
      await store.append("b", event("g", 1));
      await store.append("b", event("g", 2));
      await store.dropSession("a");
      expect(await store.eventsAfter("a", "g-1")).toBeUndefined();
      expect(await store.eventsAfter("b", "g-1")).toEqual([event("g", 2)]);
    });
  });
}
