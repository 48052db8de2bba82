// Bounds on what a requestor can make a Server hold through tasks, on a real Server over the raw
// in-memory peer, in both eras: thousands of expired tasks and their results are freed (counted in
// the store, not timed), and one owner creating tasks without bound is refused with the exact error
// while another owner keeps working.
import { describe, expect, it } from "vitest";
import { MemoryTaskStore, type Server, TASKS_EXTENSION, tasksExtension } from "../src/index.js";
import { connect, envelope, newServer, RawPeer, type RawClient, settle } from "./helpers.js";

const MANY = 2000;
const TTL_MS = 1000;
const BIG_TEXT = "x".repeat(10_000);
const declaring = { extensions: { [TASKS_EXTENSION]: {} } };

/** A Server whose `work` tool answers a 10 KB result at once, over a store with a clock the test moves. */
function boundedServer(limits: { maxTasksPerOwner: number; maxTasks: number }) {
  const time = { now: Date.parse("2026-12-07T01:00:00.000Z") };
  const store = new MemoryTaskStore({ now: () => time.now, ...limits });
  const server = newServer({
    tasks: { store, maxTtlMs: TTL_MS, pollIntervalMs: 100 },
    extensions: [tasksExtension()],
  });
  server.tool(
    { name: "work", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    () => ({
      content: [{ type: "text", text: BIG_TEXT }],
    }),
  );
  return { server, store, time };
}

/** The id of the task a tools/call of `work` created, in either era's shape. */
function createdId(client: RawClient, result: Record<string, unknown>): string {
  const task = client.stateless ? result : (result.task as Record<string, unknown>);
  return String(task.taskId);
}

async function createTask(client: RawClient): Promise<string> {
  const params = client.stateless
    ? { name: "work", arguments: {} }
    : { name: "work", arguments: {}, task: { ttl: TTL_MS } };
  return createdId(client, await client.result("tools/call", params));
}

describe.each([["2025-11-25"], ["2026-07-28"]] as const)("task expiry frees the store (%s)", (revision) => {
  it(`${MANY} completed tasks with ${TTL_MS} ms TTL: all held, then none once expired and swept`, async () => {
    const { server, store, time } = boundedServer({ maxTasksPerOwner: MANY, maxTasks: MANY });
    const client = await connect(server, revision, declaring);
    const ids: string[] = [];
    for (let i = 0; i < MANY; i++) ids.push(await createTask(client));
    await settle();
    expect(new Set(ids).size).toBe(MANY);
    expect(store.size).toBe(MANY);
    // Every task finished with its 10 KB result, which the store holds until the task expires.
    const last = await client.result("tasks/get", { taskId: ids[MANY - 1] });
    expect(last.status).toBe("completed");

    time.now += TTL_MS;
    // Expired tasks are unknown at once, before any sweep; their results are gone with them.
    let unknown = 0;
    for (const taskId of ids) {
      const error = await client.error("tasks/get", { taskId });
      if (error.code === -32602) unknown++;
    }
    expect(unknown).toBe(MANY);
    // The next creation sweeps: the store holds the new task only.
    await createTask(client);
    expect(store.size).toBe(1);
    await server.close();
  });
});

describe("a requestor creating tasks without bound (2026-07-28)", () => {
  async function asSubject(server: Server) {
    const peer = new RawPeer();
    await server.connect(peer);
    let id = 0;
    return (subject: string, method: string, params: Record<string, unknown>) => {
      const authInfo = { token: `${subject}-token`, clientId: "c", scopes: [], subject };
      peer.deliver(
        { jsonrpc: "2.0", id: ++id, method, params: { ...params, _meta: envelope(declaring) } },
        { authInfo },
      );
      return peer.next() as Promise<{ result?: Record<string, unknown>; error?: unknown }>;
    };
  }

  it("is refused with -32600 past its limit, another subject keeps working, and expiry frees the quota", async () => {
    const { server, store, time } = boundedServer({ maxTasksPerOwner: 3, maxTasks: 100 });
    const as = await asSubject(server);
    const call = { name: "work", arguments: {} };
    for (let i = 0; i < 3; i++)
      expect((await as("mallory", "tools/call", call)).result?.resultType).toBe("task");
    expect((await as("mallory", "tools/call", call)).error).toEqual({
      code: -32600,
      message: "Task limit reached: at most 3 tasks per requestor; wait for some to expire or be cancelled",
    });
    expect(store.size).toBe(3);
    expect((await as("alice", "tools/call", call)).result?.resultType).toBe("task");
    time.now += TTL_MS;
    expect((await as("mallory", "tools/call", call)).result?.resultType).toBe("task");
    expect(store.size).toBe(1);
    await server.close();
  });
});

describe("anonymous callers of the 2026-07-28 extension", () => {
  it("share no quota and no owner: each task is its own, so none can crowd out or list another's", async () => {
    const { server, store } = boundedServer({ maxTasksPerOwner: 3, maxTasks: 8 });
    const first = await connect(server, "2026-07-28", declaring);
    const second = await connect(server, "2026-07-28", declaring);
    const made: string[] = [];
    // Past the per-owner limit of 3: anonymous tasks do not pool under one owner.
    for (let i = 0; i < 5; i++) made.push(await createTask(first));
    made.push(await createTask(second));
    expect(new Set(made).size).toBe(6);
    for (const taskId of made) {
      const record = await store.get(`anonymous:${taskId}`, taskId);
      expect(record?.owner).toBe(`anonymous:${taskId}`);
      expect((await store.list(`anonymous:${taskId}`, undefined, 50)).tasks.map((t) => t.taskId)).toEqual([
        taskId,
      ]);
    }
    expect((await store.list("anonymous", undefined, 50)).tasks).toEqual([]);
    // The whole store stays bounded.
    made.push(await createTask(second), await createTask(first));
    expect(await first.error("tools/call", { name: "work", arguments: {} })).toEqual({
      code: -32600,
      message: "Task limit reached: the server holds at most 8 tasks",
    });
    await server.close();
  });
});
