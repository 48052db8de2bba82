import { createClient } from "@redis/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskStoreContract } from "../../server/test/task-store-contract.js";
import { RedisTaskStore } from "../src/index.js";
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

taskStoreContract("RedisTaskStore", async (options) => {
  const store = new RedisTaskStore({ redis, prefix: `contract${++n}:`, ...options });
  return { store, size: () => store.size() };
});

describe("RedisTaskStore keys", () => {
  it("live under the prefix and expire with the task; deleting the last task leaves no key", async () => {
    const store = new RedisTaskStore({ redis, prefix: "keys:" });
    const a = await store.create({ owner: "session:a", ttl: 60_000 });
    const keys = (await redis.keys("keys:*")).sort();
    expect(keys).toEqual(["keys:owner:session:a", "keys:seq", `keys:task:${a.taskId}`, "keys:tasks"]);
    for (const key of ["keys:owner:session:a", `keys:task:${a.taskId}`, "keys:tasks"]) {
      const ttl = await redis.pTTL(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    await store.delete("session:a", a.taskId);
    expect(await redis.keys("keys:*")).toEqual(["keys:seq"]);
  });

  it("a task with an unlimited TTL keeps its keys until deleted", async () => {
    const store = new RedisTaskStore({ redis, prefix: "forever:" });
    await store.create({ owner: "o", ttl: 60_000 });
    const b = await store.create({ owner: "o", ttl: null });
    expect(await redis.pTTL(`forever:task:${b.taskId}`)).toBe(-1);
    expect(await redis.pTTL("forever:owner:o")).toBe(-1);
    expect(await redis.pTTL("forever:tasks")).toBe(-1);
  });
});
