/**
 * @mcpkit/transport-http: MCP over Streamable HTTP. A web-standard endpoint handler
 * (`(Request) => Promise<Response>`, no `node:` imports) and a fetch-based client transport. The
 * node:http adapter is at `@mcpkit/transport-http/node`.
 */
export { createStreamableHttpHandler, type StreamableHttpHandler } from "./server/handler.js";
export type { StreamableHttpHandlerOptions } from "./server/options.js";
export type { AllowList } from "./server/origin.js";
export { HttpServerTransport } from "./server/session-transport.js";
export {
  StreamableHttpClientTransport,
  type StreamableHttpClientOptions,
  type OutgoingHttpRequest,
  type HttpExchange,
  type HeaderValues,
} from "./client/transport.js";
export { HttpStatusError } from "./client/errors.js";
export { readSse, type SseEvent } from "./client/sse-parser.js";
export { ASSUMED_REVISION, DEFAULT_MAX_BODY_BYTES, Header, MediaType } from "./shared/headers.js";
