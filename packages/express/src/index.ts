/**
 * @mcpkit/express: mcpkit's Streamable HTTP endpoint as an Express 5 router (see
 * docs/frameworks.md).
 */
export { mcpRouter, type McpRouter, type McpRouterOptions } from "./router.js";
