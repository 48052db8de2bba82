import { MemoryTaskStore } from "../src/index.js";
import { taskStoreContract } from "./task-store-contract.js";

taskStoreContract("MemoryTaskStore", async (options) => {
  const store = new MemoryTaskStore(options);
  return { store, size: async () => store.size };
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
