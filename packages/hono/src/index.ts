/**
 * @mcpkit/hono: mcpkit's Streamable HTTP endpoint as a Hono 4 app, on every runtime Hono runs on
 * (see docs/frameworks.md).
 */
export { mcpApp, type McpApp, type McpAppOptions } from "./app.js";
