/**
 * @mcpkit/fastify: mcpkit's Streamable HTTP endpoint as a Fastify 5 plugin (see
 * docs/frameworks.md).
 */
export { mcpPlugin, type McpPlugin, type McpPluginOptions } from "./plugin.js";
