/**
 * @mcpkit/transport-http: MCP over Streamable HTTP. A web-standard endpoint handler
 * (`(Request) => Promise<Response>`, no `node:` imports) and a client transport, on fetch here;
 * Node resolves this package to `index.node.ts`, where the client sends with node:http instead.
 * The node:http server adapter is at `@mcpkit/transport-http/node`.
 */
export { createStreamableHttpHandler, type StreamableHttpHandler } from "./server/handler.js";
export type { HandleOptions, JsonResponse, StreamableHttpHandlerOptions } from "./server/options.js";
export type { AllowList } from "./server/origin.js";
export type { HeaderLookup } from "./shared/headers.js";
export { HttpServerTransport } from "./server/session-transport.js";
export { StatelessHttpServerTransport } from "./server/stateless/transport.js";
export { isStatelessPost } from "./server/stateless/era-rule.js";
export {
  checkStatelessHeaders,
  decodeHeaderValue,
  type HeaderMismatch,
  type HeaderMismatchData,
} from "./server/stateless/header-check.js";
export type { EventStore, StoredEvent } from "./server/event-store.js";
export { MemoryEventStore, type MemoryEventStoreOptions } from "./server/memory-event-store.js";
export { type CorsOptions, CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from "./server/cors.js";
export { StreamableHttpClientTransport } from "./client/transport.js";
export type {
  StreamableHttpClientOptions,
  OutgoingHttpRequest,
  HttpExchange,
  HeaderValues,
  ExchangePurpose,
  HttpMethod,
} from "./client/options.js";
export type { HttpCall, HttpReply, HttpSender } from "./client/http-sender.js";
export { AbortSwitch } from "./client/abort-switch.js";
export { HttpStatusError, SessionExpiredError } from "./client/errors.js";
export { AuthorizationRefusedError } from "./client/auth.js";
export { RedirectRefusedError } from "./client/redirect.js";
export { readSse, SseParser, type SseEvent } from "./client/sse-parser.js";
export { ReconnectPolicy, type ReconnectOptions } from "./client/reconnect.js";
export { headerValue } from "./client/stateless.js";
export { ASSUMED_REVISION, DEFAULT_MAX_BODY_BYTES, Header, MediaType } from "./shared/headers.js";
// Legacy HTTP+SSE (2024-11-05) and the client that falls back to it.
export { createLegacySseHandler, type LegacySseHandler } from "./legacy/handler.js";
export type { LegacySseHandlerOptions } from "./legacy/options.js";
export { LegacySseServerTransport } from "./legacy/server-transport.js";
export { LegacySseClientTransport, type LegacySseClientOptions } from "./legacy/client-transport.js";
export { HttpClientTransport, type HttpClientOptions, type HttpTransportMode } from "./client/auto.js";
