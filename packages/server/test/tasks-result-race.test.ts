// tasks/result must not miss a task that ends between its read of the store and its wait (a lost
// wake-up left the caller waiting for ever; found by the conformance fixture task_progress).
import { describe, expect, it } from "vitest";
import { MemoryTaskStore, type TaskRecord, type ToolResult } from "../src/index.js";
import { connect, newServer } from "./helpers.js";

const RELATED = "io.modelcontextprotocol/related-task";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** A MemoryTaskStore whose next `get` reads the record at once but hands it over only on release. */
class StallingStore extends MemoryTaskStore {
  private stall: { entered: () => void; release: Promise<void> } | undefined;

  /** Stalls the next `get`; resolves once that `get` has read the record. */
  stallNextGet(release: Promise<void>): Promise<void> {
    return new Promise((entered) => {
      this.stall = { entered, release };
    });
  }

  override async get(owner: string, taskId: string): Promise<TaskRecord | undefined> {
    const record = await super.get(owner, taskId);
    const stall = this.stall;
    if (stall === undefined) return record;
    this.stall = undefined;
    stall.entered();
    await stall.release;
    return record;
  }
}

describe("tasks/result and a task that ends while it reads", () => {
  it("answers the result although the task completed between its read and its wait", async () => {
    const store = new StallingStore();
    const server = newServer({ tasks: { store } });
    const gate = deferred<ToolResult>();
    server.tool(
      { name: "slow", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
      () => gate.promise,
    );
    const client = await connect(server, "2025-11-25");
    const created = (await client.result("tools/call", { name: "slow", arguments: {}, task: {} })) as {
      task: { taskId: string };
    };
    const { taskId } = created.task;

    // tasks/result reads the task while it works, and is held before it can wait.
    const release = deferred<void>();
    const entered = store.stallNextGet(release.promise);
    const answer = client.result("tasks/result", { taskId });
    await entered;
    // The task completes now: nobody waits on it yet.
    gate.resolve({ content: [{ type: "text", text: "done" }] });
    for (
      let i = 0;
      i < 50 && (await store.get(`session:${client.session.id}`, taskId))?.status !== "completed";
      i++
    )
      await new Promise((resolve) => setImmediate(resolve));
    expect((await store.get(`session:${client.session.id}`, taskId))?.status).toBe("completed");
    release.resolve();

    expect(await answer).toEqual({
      content: [{ type: "text", text: "done" }],
      _meta: { [RELATED]: { taskId } },
    });
    expect(server.tasks?.waiting).toBe(0);
    await server.close();
  });
});
