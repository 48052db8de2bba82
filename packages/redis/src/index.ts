export { type RedisCommands, RedisStoreError } from "./connection.js";
export { RedisTaskStore, type RedisTaskStoreOptions } from "./task-store.js";
