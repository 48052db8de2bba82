import { describe, expect, it } from "vitest";
import { InvalidCursorError, MemoryTaskStore, TaskLimitError } from "../src/index.js";

function clock(start = 1_000_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

describe("MemoryTaskStore", () => {
  it("creates working tasks visible only to their owner", async () => {
    const { now } = clock();
    let n = 0;
    const store = new MemoryTaskStore({ now, newId: () => `t${++n}` });
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
    const store = new MemoryTaskStore({ now, newId: () => "t" });
    await store.create({ owner: "o", ttl: null });
    time.now += 5;
    const done = await store.update("o", "t", { status: "completed", outcome: { result: { content: [] } } });
    expect(done).toMatchObject({
      status: "completed",
      lastUpdatedAt: 1_000_005,
      outcome: { result: { content: [] } },
    });
    const again = await store.update("o", "t", { status: "working" });
    expect(again?.status).toBe("completed");
    expect(await store.update("other", "t", { status: "cancelled" })).toBeUndefined();
  });

  it("pages an owner's tasks oldest first, and refuses a cursor it did not make", async () => {
    let n = 0;
    const store = new MemoryTaskStore({ newId: () => `t${++n}` });
    for (let i = 0; i < 5; i++) await store.create({ owner: "o", ttl: null });
    const first = await store.list("o", undefined, 2);
    expect(first.tasks.map((t) => t.taskId)).toEqual(["t1", "t2"]);
    const second = await store.list("o", first.nextCursor, 2);
    expect(second.tasks.map((t) => t.taskId)).toEqual(["t3", "t4"]);
    const last = await store.list("o", second.nextCursor, 2);
    expect(last).toEqual({ tasks: [expect.objectContaining({ taskId: "t5" })] });
    await expect(store.list("o", "forged", 2)).rejects.toThrow(new InvalidCursorError("Invalid cursor"));
  });

  it("limits tasks per owner and in total, and other owners keep working", async () => {
    const store = new MemoryTaskStore({ maxTasksPerOwner: 2, maxTasks: 3 });
    await store.create({ owner: "a", ttl: null });
    await store.create({ owner: "a", ttl: null });
    await expect(store.create({ owner: "a", ttl: null })).rejects.toThrow(
      new TaskLimitError(
        "Task limit reached: at most 2 tasks per requestor; wait for some to expire or be cancelled",
      ),
    );
    await store.create({ owner: "b", ttl: null });
    await expect(store.create({ owner: "c", ttl: null })).rejects.toThrow(
      new TaskLimitError("Task limit reached: the server holds at most 3 tasks"),
    );
  });

  it("drops expired tasks and their results: many expired tasks free the store", async () => {
    const { time, now } = clock();
    const store = new MemoryTaskStore({ now, maxTasksPerOwner: 1000, maxTasks: 1000 });
    const big = { content: [{ type: "text", text: "x".repeat(10_000) }] };
    for (let i = 0; i < 1000; i++) {
      const task = await store.create({ owner: `session:${i % 10}`, ttl: 60_000 });
      await store.update(task.owner, task.taskId, { status: "completed", outcome: { result: big } });
    }
    expect(store.size).toBe(1000);
    time.now += 60_000;
    // A full store accepts a new task once the expired ones are swept, and holds only that one.
    await store.create({ owner: "session:new", ttl: 60_000 });
    expect(store.size).toBe(1);
    expect((await store.list("session:0", undefined, 100)).tasks).toEqual([]);
  });

  it("an expired task is not found even before a sweep", async () => {
    const { time, now } = clock();
    const store = new MemoryTaskStore({ now, newId: () => "t" });
    await store.create({ owner: "o", ttl: 10 });
    time.now += 10;
    expect(await store.get("o", "t")).toBeUndefined();
    expect(store.size).toBe(0);
  });
});

describe("MemoryTaskStore with a caller-made id", () => {
  it("gives the task that id, and refuses an id it already holds", async () => {
    const store = new MemoryTaskStore();
    const task = await store.create({ taskId: "given-1", owner: "anonymous:given-1", ttl: 1000 });
    expect(task.taskId).toBe("given-1");
    expect((await store.get("anonymous:given-1", "given-1"))?.status).toBe("working");
    await expect(store.create({ taskId: "given-1", owner: "someone-else", ttl: 1000 })).rejects.toThrow(
      'A task with id "given-1" exists already',
    );
    expect((await store.get("anonymous:given-1", "given-1"))?.owner).toBe("anonymous:given-1");
  });
});
