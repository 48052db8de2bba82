export { type RedisCommands, RedisStoreError } from "./connection.js";
export { RedisEventStore, type RedisEventStoreOptions } from "./event-store.js";
export { RedisTaskStore, type RedisTaskStoreOptions } from "./task-store.js";
export { type ConnectRedisOptions, connectRedis, type RedisConnection } from "./connect.js";
