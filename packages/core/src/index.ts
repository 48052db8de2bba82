/**
 * @mcpkit/core: the runtime-neutral heart of mcpkit's client and server. No `node:` imports.
 */
export { McpError, LocalError, type LocalErrorCode, SessionExpiredError } from "./errors.js";
export { ECHO_LIMIT, truncateEcho } from "./echo.js";
export { ErrorCode, type ErrorCodeName } from "./jsonrpc/codes.js";
export { classify, isJsonRpcMessage, type Classified } from "./jsonrpc/classify.js";
export type {
  JsonRpcErrorObject,
  JsonRpcErrorResponse,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcPayload,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResultResponse,
  RequestId,
} from "./jsonrpc/types.js";
export type {
  AuthInfo,
  HttpRefusal,
  MessageContext,
  SendOptions,
  Transport,
  TransportHandlers,
  UnreadableFrame,
} from "./transport.js";
export { SENT } from "./transport.js";
export {
  type AuthChallengeResponse,
  type Authenticate,
  type AuthenticationRequest,
  AuthenticationError,
  type AuthorizedRequest,
  type ClientAuthProvider,
} from "./auth.js";
export { type BearerChallenge, bearerChallenge } from "./auth-challenge.js";
export { createInMemoryPair, type InMemoryPairOptions } from "./in-memory.js";

// Stateless-era HTTP header values (shared by the HTTP transport, the server and the client).
export { decodeHeaderValue, encodeHeaderValue } from "./headers/header-value.js";
export {
  type HeaderMismatch,
  type HeaderMismatchData,
  HeaderMismatches,
} from "./headers/header-mismatch.js";
export {
  checkParamHeaders,
  PARAM_HEADER_KEYWORD,
  type ParamHeaderBinding,
  paramHeaders,
  type ParamHeadersReading,
  readParamHeaders,
  renderParamValue,
} from "./headers/param-headers.js";

// The engine.
export { Connection, type ConnectionOptions } from "./engine/connection.js";
export { DEFAULT_MAX_BATCH_SIZE } from "./engine/router.js";
export type { InvalidParamsData } from "./engine/checks.js";
export type {
  ConnectionDiagnostics,
  HandlerLookup,
  InputRound,
  JsonObject,
  NotificationContext,
  NotificationHandler,
  NotifyOptions,
  Params,
  PeerInfo,
  Progress,
  RequestContext,
  RequestHandler,
  RequestOptions,
} from "./engine/types.js";

// The eras.
export type {
  Admission,
  Capabilities,
  EraHost,
  EraStrategy,
  ImplementationInfo,
  Outbound,
  Role,
} from "./eras/era.js";
export {
  capabilitiesForRevision,
  capabilityFor,
  gateOwner,
  hasCapability,
} from "./eras/capabilities.js";
export {
  negotiateRevision,
  revisionAllowsBatches,
  sessionRevisions,
  statelessRevisions,
} from "./eras/negotiation.js";
export { MetaKey } from "./eras/envelope.js";
export {
  SessionServerEra,
  type ClientSession,
  type ResumedSession,
  type SessionServerOptions,
} from "./eras/session-server.js";
export {
  SessionClientEra,
  type InitializeOutcome,
  type SessionClientOptions,
} from "./eras/session-client.js";
export { StatelessServerEra, type StatelessServerOptions } from "./eras/stateless-server.js";
export {
  StatelessClientEra,
  type DiscoverOutcome,
  type StatelessClientOptions,
} from "./eras/stateless-client.js";
export { AdaptiveServerEra, type AdaptiveServerOptions } from "./eras/adaptive-server.js";

// Input-required rounds (stateless era).
export {
  RequestStateSealer,
  type RequestStateSealerOptions,
  type UnsealFailure,
} from "./input-required/seal.js";
export { missingClientCapability } from "./input-required/server-round.js";
export {
  requestWithInputRounds,
  type InputRequests,
  type InputResponses,
  type InputRoundsOptions,
} from "./input-required/rounds.js";
export {
  declaredExtensions,
  declaresExtension,
  type ExtensionSettings,
  extensionNotDeclared,
  isExtensionId,
} from "./extensions/declared.js";

// Fleet seams: the state a fleet of server processes shares (see docs/design.md, "Fleet seams").
export type { SessionChange, SessionRecord, SessionStore } from "./fleet/session-store.js";
export { MemorySessionStore, type MemorySessionStoreOptions } from "./fleet/memory-session-store.js";
export { type Bus, BusChannel, type Unsubscribe } from "./fleet/bus.js";
export { MemoryBus, type MemoryBusOptions } from "./fleet/memory-bus.js";
export { type Logger, type LogSeverity, logTo } from "./logger.js";
export {
  formatTraceparent,
  parseTraceparent,
  type TraceContext,
  type TraceParent,
  traceContextOf,
} from "./telemetry/trace-context.js";
export {
  detectOpenTelemetry,
  type McpSpan,
  McpTelemetry,
  type OpenTelemetryApi,
  type OtelSpan,
  type OtelSpanContext,
  resolveTelemetry,
  settleTelemetry,
  type SpanOutcome,
  type SpanRequest,
  type TelemetryOption,
} from "./telemetry/otel.js";
