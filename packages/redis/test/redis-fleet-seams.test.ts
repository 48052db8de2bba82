import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busContract, sessionRecord, sessionStoreContract } from "../../core/test/helpers/fleet-contracts.js";
import { connectRedis, RedisBus, type RedisConnection, RedisSessionStore } from "../src/index.js";
import { type RedisServer, startRedis } from "./redis-server.js";

let server: RedisServer;
let redis: RedisConnection;
let n = 0;
beforeAll(async () => {
  server = await startRedis();
  redis = await connectRedis(server.url);
});
afterAll(async () => {
  redis.destroy();
  await server.close();
});

sessionStoreContract("RedisSessionStore", async () => {
  const time = { now: 1_000_000 };
  const store = new RedisSessionStore({ redis, prefix: `sessions${++n}:`, now: () => time.now });
  return {
    store,
    advance: async (ms) => {
      time.now += ms;
    },
  };
});

busContract("RedisBus", async () => {
  const prefix = `bus${++n}:`;
  // Two handles with their own connections, as two processes would have.
  const connections = await Promise.all([0, 1, 2, 3].map(() => connectRedis(server.url)));
  const [pa, sa, pb, sb] = connections as [
    RedisConnection,
    RedisConnection,
    RedisConnection,
    RedisConnection,
  ];
  return {
    a: new RedisBus({ redis: pa, subscriber: sa, prefix }),
    b: new RedisBus({ redis: pb, subscriber: sb, prefix }),
    dispose: async () => {
      for (const c of connections) c.destroy();
    },
  };
});

describe("RedisSessionStore", () => {
  it("keeps each record in one namespaced key that expires ttlMs after its last write", async () => {
    const store = new RedisSessionStore({ redis, prefix: "rs:" });
    await store.create(sessionRecord("s1"), 60_000);
    await store.create(sessionRecord("s2"), 0);
    expect((await redis.keys("rs:*")).sort()).toEqual(["rs:session:s1", "rs:session:s2", "rs:sessions"]);
    const ttl = await redis.pTTL("rs:session:s1");
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.pTTL("rs:session:s2")).toBe(-1);
    expect(await store.delete("s1")).toBe(true);
    expect(await store.delete("s2")).toBe(true);
    expect(await redis.keys("rs:*")).toEqual([]);
  });

  it("holds at most maxSessions unexpired records", async () => {
    const time = { now: 0 };
    const store = new RedisSessionStore({ redis, prefix: "max:", maxSessions: 2, now: () => time.now });
    expect(await store.create(sessionRecord("a"), 1000)).toBe(true);
    expect(await store.create(sessionRecord("b"), 0)).toBe(true);
    expect(await store.create(sessionRecord("c"), 1000)).toBe(false);
    time.now += 1000;
    expect(await store.create(sessionRecord("c"), 1000)).toBe(true);
    expect(await store.get("a")).toBeUndefined();
  });
});
