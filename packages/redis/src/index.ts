export { type RedisCommands, RedisStoreError } from "./connection.js";
export { RedisEventStore, type RedisEventStoreOptions } from "./event-store.js";
export { RedisTaskStore, type RedisTaskStoreOptions } from "./task-store.js";
export { type ConnectRedisOptions, connectRedis, type RedisConnection } from "./connect.js";
export { RedisBus, type RedisBusOptions, type RedisChannelListener, type RedisSubscriber } from "./bus.js";
export { RedisSessionStore, type RedisSessionStoreOptions } from "./session-store.js";
export { RedisSubscriptionStore, type RedisSubscriptionStoreOptions } from "./subscription-store.js";
