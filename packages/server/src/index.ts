/**
 * @mcpkit/server: one MCP server definition serving any number of sessions, over any transports,
 * for clients of every revision. Runtime-neutral: no `node:` imports.
 */
export { Server, type ServerOptions } from "./server.js";
export {
  ServerSession,
  type ListKind,
  type ServerNotificationHandler,
  type ServerRequestHandler,
  type SubscriptionFilter,
} from "./session.js";
export type { ClientDescription, ServerContext, TaskControl } from "./context.js";
export type { InboundRequest, Middleware } from "./middleware.js";
export { type AuthorizationOptions, requireScopes } from "./scopes.js";
export type { RegistrationHandle } from "./registry.js";
export type { StandardPromptDefinition, StandardPromptHandler } from "./features/standard-prompt.js";
export { isInputNeeded } from "./input.js";
export { type UrlElicitation, UrlElicitationRequiredError } from "./url-elicitation.js";
export { type ElicitOptions, type Elicited, ElicitationAnswerError } from "./elicit.js";
export { elicitationSchemaProblem } from "./elicitation-schema.js";
export type { ArgumentsOf, FromSchema, StructuredOf, StructuredOfStandard } from "./from-schema.js";
export { compileSchema, type JsonSchema, type SchemaCheck, type SchemaIssue } from "./json-schema.js";
export {
  isStandardSchema,
  type SchemaSide,
  type StandardInput,
  type StandardIssue,
  type StandardOutput,
  type StandardResult,
  type StandardSchemaV1,
  type ToJsonSchema,
} from "./standard-schema.js";
export {
  MemorySubscriptionStore,
  type MemorySubscriptionStoreOptions,
  type SubscriptionStore,
} from "./subscription-store.js";
export { UriTemplate, type TemplateValue, type TemplateVariables } from "./uri-template.js";
export { logLevels, type LoggingOptions } from "./logging.js";
export type { Logger } from "./logger.js";
export { capabilitiesFor } from "./server-era.js";
export type * from "./types.js";
export type {
  ExtensionMetaKey,
  ExtensionMethodOptions,
  ExtensionWrapOptions,
  ServerExtension,
  ServerExtensionApi,
} from "./extensions/extension.js";
export { declaredExtensions, type ExtensionSettings } from "@mcpkit/core";
export {
  InvalidCursorError,
  isTerminal,
  MemoryTaskStore,
  type MemoryTaskStoreOptions,
  type NewTask,
  newTaskRecord,
  type TaskOutcome,
  type TaskPage,
  type TaskRecord,
  TaskLimitError,
  type TaskStatus,
  type TaskStore,
} from "./tasks/store.js";
export { RELATED_TASK, type TaskOptions, taskOwner, type ToolTasks, wireTask } from "./tasks/tool-tasks.js";
export { TASKS_EXTENSION, tasksExtension, type TasksExtensionOptions } from "./tasks/extension/index.js";
export { createTaskResult, detailedTask, taskFields } from "./tasks/extension/wire.js";
