import { createClient } from "@redis/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { event, eventStoreContract } from "../../transport-http/test/event-store-contract.js";
import { RedisEventStore } from "../src/index.js";
import { type RedisServer, startRedis } from "./redis-server.js";

let server: RedisServer;
let redis: ReturnType<typeof createClient>;
let n = 0;
beforeAll(async () => {
  server = await startRedis();
  redis = createClient({ url: server.url });
  await redis.connect();
});
afterAll(async () => {
  redis.destroy();
  await server.close();
});

eventStoreContract(
  "RedisEventStore",
  async (options) => new RedisEventStore({ redis, prefix: `contract${++n}:`, ...options }),
);

/** Resolves once Redis's own clock has moved past `ms` from now (the store's age is on that clock). */
async function redisClockPasses(ms: number): Promise<void> {
  const time = async () => {
    const [seconds, micros] = (await redis.sendCommand(["TIME"])) as [string, string];
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };
  const start = await time();
  for (let i = 0; i < 1000 && (await time()) <= start + ms; i++)
    await new Promise((r) => setTimeout(r, ms / 4));
}

describe("RedisEventStore", () => {
  it("drops events older than maxAgeMs, and a resume from one finds nothing", async () => {
    const store = new RedisEventStore({ redis, prefix: "age:", maxAgeMs: 200 });
    await store.append("s", event("p1", 1));
    await store.append("s", event("p1", 2));
    await redisClockPasses(250);
    await store.append("s", event("p1", 3));
    expect(await store.eventsAfter("s", "p1-1")).toBeUndefined();
    expect(await store.eventsAfter("s", "p1-3")).toEqual([]);
  });

  it("keys are namespaced and expire maxAgeMs after the session's last event", async () => {
    const store = new RedisEventStore({ redis, prefix: "ttl:", maxAgeMs: 60_000 });
    await store.append("s1", event("g", 1));
    expect((await redis.keys("ttl:*")).sort()).toEqual(["ttl:eventids:s1", "ttl:events:s1"]);
    for (const key of ["ttl:eventids:s1", "ttl:events:s1"]) {
      const ttl = await redis.pTTL(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    await store.dropSession("s1");
    expect(await redis.keys("ttl:*")).toEqual([]);
  });

  it("the id index of a busy session stays bounded by the stream's bound", async () => {
    const store = new RedisEventStore({ redis, prefix: "busy:", maxEventsPerSession: 10 });
    for (let i = 1; i <= 500; i++) await store.append("s", event("p1", i));
    expect(await redis.xLen("busy:events:s")).toBe(10);
    expect(await redis.hLen("busy:eventids:s")).toBeLessThanOrEqual(2 * 10 + 64);
    expect(await store.eventsAfter("s", "p1-491")).toHaveLength(9);
    expect(await store.eventsAfter("s", "p1-490")).toBeUndefined();
  });
});
