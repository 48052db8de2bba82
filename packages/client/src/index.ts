/**
 * @mcpkit/client: a Model Context Protocol client for servers of every revision. No `node:` imports.
 */
export { Client } from "./client.js";
export type { CallToolAsTaskOptions, CallToolOptions, ListOptions } from "./call-options.js";
export { ClientError, type ClientErrorCode } from "./errors.js";
export type { Unsubscribe } from "./events.js";
export type { CallOptions } from "./features/calls.js";
export { ResultCache, type ResultCacheOptions } from "./features/cache.js";
export { checkElicitContent, withDefaults } from "./features/elicitation.js";
export type { Subscription } from "./features/listen.js";
export type { ClientEvents } from "./features/notifications.js";
export { AutoClientEra } from "./era/auto-era.js";
export type {
  ClientMode,
  ClientOptions,
  FormElicitationHandler,
  HandlerContext,
  RootsSource,
  SamplingHandler,
  TransportSource,
  UrlElicitationHandler,
} from "./options.js";
export type * from "./types.js";
export {
  createAjvOutputValidator,
  createOutputValidator,
  type OutputSchemaValidator,
  type SchemaCheck,
} from "./validation/output-validator.js";
// The errors a caller catches come from core; re-exported so one import suffices.
export { LocalError, McpError, type LocalErrorCode, type Logger, SessionExpiredError } from "@mcpkit/core";
export type { ConnectionLossReason, ReconnectEvents, ReconnectOptions } from "./resilience/options.js";
export type { HealthCheckOptions } from "./resilience/health-check.js";
export type {
  ClientMiddleware,
  IncomingMessage,
  IncomingMiddleware,
  OutgoingMiddleware,
  OutgoingRequest,
} from "./middleware/middleware.js";
export type {
  ClientExtension,
  ClientExtensionApi,
  ExtensionCall,
  ExtensionOutcome,
  ResultTypeHandler,
} from "./extensions/extension.js";
export { TASKS_EXTENSION, tasksExtension } from "./tasks/extension.js";
export { declaredExtensions, type ExtensionSettings } from "@mcpkit/core";
export type {
  ClientTaskStatus,
  TaskInfo,
  TaskRequest,
  TaskWaitOptions,
  ToolTask,
} from "./tasks/tool-task.js";
export type { ClientTaskOptions } from "./tasks/options.js";
