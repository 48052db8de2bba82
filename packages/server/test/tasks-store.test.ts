import { MemoryTaskStore } from "../src/index.js";
import { taskStoreContract } from "./task-store-contract.js";

// The contract includes the caller-made task id (NewTask.taskId) case.
taskStoreContract("MemoryTaskStore", async (options) => {
  const store = new MemoryTaskStore(options);
  return { store, size: async () => store.size };
});
