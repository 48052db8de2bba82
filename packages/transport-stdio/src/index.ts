/**
 * @mcpkit/transport-stdio: MCP's stdio transport, newline-delimited JSON over a spawned server
 * process (client side) or over the process's own stdin and stdout (server side).
 */
export { StdioClientTransport, type StdioClientTransportOptions } from "./client.js";
export { StdioServerTransport, type StdioServerTransportOptions } from "./server.js";
export { StreamTransport, type StreamTransportOptions } from "./stream-transport.js";
export { childEnvironment, defaultInheritedEnv, type ChildEnvironmentOptions } from "./environment.js";
export { DEFAULT_MAX_MESSAGE_BYTES } from "./frame.js";
export type { ProcessExit } from "./process-exit.js";
export type { StderrMode } from "./stderr.js";
