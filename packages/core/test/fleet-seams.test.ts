import { describe, expect, it } from "vitest";
import { MemoryBus, MemorySessionStore } from "../src/index.js";
import { busContract, sessionRecord, sessionStoreContract } from "./helpers/fleet-contracts.js";

sessionStoreContract("MemorySessionStore", async () => {
  let now = 1_000;
  return {
    store: new MemorySessionStore({ now: () => now }),
    advance: async (ms) => {
      now += ms;
    },
  };
});

busContract("MemoryBus", async () => {
  const bus = new MemoryBus();
  return { a: bus, b: bus };
});

describe("MemorySessionStore bounds", () => {
  it("refuses a record past maxSessions, and makes room once records expire", async () => {
    let now = 0;
    const store = new MemorySessionStore({ maxSessions: 2, now: () => now });
    expect(await store.create(sessionRecord("a"), 100)).toBe(true);
    expect(await store.create(sessionRecord("b"), 0)).toBe(true);
    expect(await store.create(sessionRecord("c"), 100)).toBe(false);
    now = 100;
    expect(await store.create(sessionRecord("c"), 100)).toBe(true);
    expect(store.size).toBe(2);
  });
});

describe("MemoryBus bounds", () => {
  it("refuses a subscription past maxSubscriptions, and frees the slot on unsubscribe", async () => {
    const bus = new MemoryBus({ maxSubscriptions: 1 });
    const stop = await bus.subscribe("changes", () => {});
    await expect(bus.subscribe("changes", () => {})).rejects.toThrow(
      "the bus holds 1 subscriptions, its limit (maxSubscriptions)",
    );
    await stop();
    await stop();
    expect(bus.subscriptionCount).toBe(0);
    const again = await bus.subscribe("other", () => {});
    expect(bus.subscriptionCount).toBe(1);
    await again();
  });
});
