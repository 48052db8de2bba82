/**
 * The contract every {@link TaskStore} keeps, as one suite: the memory store runs it here, and
 * `@mcpkit/redis` runs the same suite against a real redis-server. Test-only: not shipped.
 */
import { describe, expect, it } from "vitest";
import type { TaskStore } from "../src/index.js";

/** What a store under test is made with: the same knobs as `MemoryTaskStoreOptions`. */
export interface ContractStoreOptions {
  readonly maxTasksPerOwner?: number;
  readonly maxTasks?: number;
  readonly now?: () => number;
  readonly newId?: () => string;
}

/** A fresh, empty store, and how many tasks it holds now (expired ones included until swept). */
export interface ContractStore {
  readonly store: TaskStore;
  size(): Promise<number>;
}

function clock(start = 1_000_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

/** Errors are compared by name and message: the store may come from another copy of the package. */
const refused = (name: string, message: string) => expect.objectContaining({ name, message });

/**
 * Runs the TaskStore contract against stores made by `make`.
 *
 * @example
 * ```ts
 * taskStoreContract("MemoryTaskStore", async (options) => {
 *   const store = new MemoryTaskStore(options);
 *   return { store, size: async () => store.size };
 * });
 * ```
 */
export function taskStoreContract(
  name: string,
  make: (options: ContractStoreOptions) => Promise<ContractStore>,
) {
  describe(`${name} (TaskStore contract)`, () => {
    it("creates working tasks visible only to their owner", async () => {
      const { now } = clock();
      let n = 0;
      const { store } = await make({ now, newId: () => `t${++n}` });
      const task = await store.create({ owner: "session:a", ttl: 1000, pollInterval: 500 });
      expect(task).toEqual({
        taskId: "t1",
        owner: "session:a",
        status: "working",
        createdAt: 1_000_000,
        lastUpdatedAt: 1_000_000,
        ttl: 1000,
        pollInterval: 500,
      });
      expect(await store.get("session:a", "t1")).toEqual(task);
      expect(await store.get("session:b", "t1")).toBeUndefined();
      expect((await store.list("session:b", undefined, 10)).tasks).toEqual([]);
    });

    it("never moves a task out of a terminal status, and keeps its outcome", async () => {
      const { time, now } = clock();
      const { store } = await make({ now, newId: () => "t" });
      await store.create({ owner: "o", ttl: null });
      time.now += 5;
      const done = await store.update("o", "t", {
        status: "completed",
        outcome: { result: { content: [] } },
      });
      expect(done).toEqual({
        taskId: "t",
        owner: "o",
        status: "completed",
        createdAt: 1_000_000,
        lastUpdatedAt: 1_000_005,
        ttl: null,
        outcome: { result: { content: [] } },
      });
      const again = await store.update("o", "t", { status: "working" });
      expect(again).toEqual(done);
      expect(await store.get("o", "t")).toEqual(done);
      expect(await store.update("other", "t", { status: "cancelled" })).toBeUndefined();
      expect(await store.update("o", "missing", { status: "cancelled" })).toBeUndefined();
    });

    it("keeps a status message and pending input only as long as each change names them", async () => {
      const { time, now } = clock();
      const { store } = await make({ now, newId: () => "t" });
      await store.create({ owner: "o", ttl: 60_000 });
      time.now += 1;
      const inputRequests = { ask: { method: "elicitation/create", params: { message: "Name?" } } };
      expect(
        await store.update("o", "t", { status: "input_required", statusMessage: "waiting", inputRequests }),
      ).toMatchObject({ status: "input_required", statusMessage: "waiting", inputRequests });
      time.now += 1;
      const working = await store.update("o", "t", { status: "working" });
      expect(working).toEqual({
        taskId: "t",
        owner: "o",
        status: "working",
        createdAt: 1_000_000,
        lastUpdatedAt: 1_000_002,
        ttl: 60_000,
      });
      const failed = { error: { code: -32603, message: "boom", data: { why: [1, "x"] } } };
      expect(await store.update("o", "t", { status: "failed", outcome: failed })).toMatchObject({
        status: "failed",
        outcome: failed,
      });
    });

    it("pages an owner's tasks oldest first, and refuses a cursor it did not make", async () => {
      let n = 0;
      const { store } = await make({ newId: () => `t${++n}` });
      for (let i = 0; i < 5; i++) await store.create({ owner: "o", ttl: null });
      await store.create({ owner: "other", ttl: null });
      const first = await store.list("o", undefined, 2);
      expect(first.tasks.map((t) => t.taskId)).toEqual(["t1", "t2"]);
      const second = await store.list("o", first.nextCursor, 2);
      expect(second.tasks.map((t) => t.taskId)).toEqual(["t3", "t4"]);
      const last = await store.list("o", second.nextCursor, 2);
      expect(last).toEqual({ tasks: [expect.objectContaining({ taskId: "t5" })] });
      await expect(store.list("o", "forged", 2)).rejects.toThrow(
        refused("InvalidCursorError", "Invalid cursor"),
      );
      // Another owner's task id is not a cursor of this owner's list.
      await expect(store.list("o", "t6", 2)).rejects.toThrow(refused("InvalidCursorError", "Invalid cursor"));
    });

    it("gives a task the id its caller made, and refuses an id it already holds", async () => {
      const { store } = await make({});
      const task = await store.create({ taskId: "given-1", owner: "anonymous:given-1", ttl: 1000 });
      expect(task.taskId).toBe("given-1");
      expect((await store.get("anonymous:given-1", "given-1"))?.status).toBe("working");
      await expect(store.create({ taskId: "given-1", owner: "someone-else", ttl: 1000 })).rejects.toThrow(
        'A task with id "given-1" exists already',
      );
      expect((await store.get("anonymous:given-1", "given-1"))?.owner).toBe("anonymous:given-1");
      expect((await store.list("someone-else", undefined, 10)).tasks).toEqual([]);
    });

    it("limits tasks per owner and in total, and other owners keep working", async () => {
      const { store } = await make({ maxTasksPerOwner: 2, maxTasks: 3 });
      await store.create({ owner: "a", ttl: null });
      await store.create({ owner: "a", ttl: null });
      await expect(store.create({ owner: "a", ttl: null })).rejects.toThrow(
        refused(
          "TaskLimitError",
          "Task limit reached: at most 2 tasks per requestor; wait for some to expire or be cancelled",
        ),
      );
      await store.create({ owner: "b", ttl: null });
      await expect(store.create({ owner: "c", ttl: null })).rejects.toThrow(
        refused("TaskLimitError", "Task limit reached: the server holds at most 3 tasks"),
      );
    });

    it("deletes only its owner's task, and frees its place", async () => {
      let n = 0;
      const { store, size } = await make({ maxTasksPerOwner: 1, newId: () => `t${++n}` });
      await store.create({ owner: "a", ttl: null });
      await store.delete("b", "t1");
      expect(await store.get("a", "t1")).toMatchObject({ taskId: "t1" });
      await store.delete("a", "t1");
      expect(await store.get("a", "t1")).toBeUndefined();
      expect(await size()).toBe(0);
      expect(await store.create({ owner: "a", ttl: null })).toMatchObject({ taskId: "t2" });
    });

    it("drops expired tasks and their results: many expired tasks free the store", async () => {
      const { time, now } = clock();
      const { store, size } = await make({ now, maxTasksPerOwner: 1000, maxTasks: 1000 });
      const big = { content: [{ type: "text", text: "x".repeat(10_000) }] };
      for (let i = 0; i < 1000; i++) {
        const task = await store.create({ owner: `session:${i % 10}`, ttl: 60_000 });
        await store.update(task.owner, task.taskId, { status: "completed", outcome: { result: big } });
      }
      expect(await size()).toBe(1000);
      time.now += 60_000;
      // A full store accepts a new task once the expired ones are swept, and holds only that one.
      await store.create({ owner: "session:new", ttl: 60_000 });
      expect(await size()).toBe(1);
      expect((await store.list("session:0", undefined, 100)).tasks).toEqual([]);
    });

    it("an expired task is not found even before a sweep", async () => {
      const { time, now } = clock();
      const { store, size } = await make({ now, newId: () => "t" });
      await store.create({ owner: "o", ttl: 10 });
      time.now += 10;
      expect(await store.get("o", "t")).toBeUndefined();
      expect(await size()).toBe(0);
    });
  });
}
