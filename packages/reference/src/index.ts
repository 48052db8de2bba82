export {
  createEverythingServer,
  SERVER_INFO,
  type EverythingServer,
  type EverythingServerOptions,
} from "./server/definition.js";
export { assemble, start, type Assembly } from "./server/assemble.js";
export { exitWhenDone, serveUntilClosed } from "./server/serve-process.js";
export { parseServerArgs, type ServerConfig, type TransportKind } from "./server/config.js";
