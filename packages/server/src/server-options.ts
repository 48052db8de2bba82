import type { Bus, Capabilities, RequestStateSealerOptions, TelemetryOption } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { ServerExtension } from "./extensions/extension.js";
import type { LoggingOptions } from "./logging.js";
import type { Logger } from "./logger.js";
import type { AuthorizationOptions } from "./scopes.js";
import type { Server } from "./server.js";
import type { ToJsonSchema } from "./standard-schema.js";
import type { MemorySubscriptionStore, SubscriptionStore } from "./subscription-store.js";
import type { TaskOptions } from "./tasks/tool-tasks.js";
import type { CacheHint } from "./types.js";

/** Options of a {@link Server}. */
export interface ServerOptions {
  /** Sent in `InitializeResult` and `server/discover`. */
  readonly instructions?: string;
  /**
   * Merged over the capabilities derived from what is registered (tools, resources, prompts,
   * completions, logging). Use it for `experimental`, `extensions`, or to turn one off. Each
   * client is sent only the members its revision defines. `tasks` is derived (2025-11-25) when a
   * tool allows task-augmented calls.
   */
  readonly capabilities?: Capabilities;
  /**
   * Extensions to install (off unless listed): each is declared in the `extensions` capability
   * with its settings, and adds its methods. See {@link Server.extension}.
   */
  readonly extensions?: readonly ServerExtension[];
  /**
   * Task-augmented `tools/call` (2025-11-25): the store, the longest TTL, the poll interval. Tasks
   * are served for tools whose `execution.taskSupport` is `"optional"` or `"required"`; `false`
   * turns them off (such tools are then called plainly). See `docs/tasks.md`.
   */
  readonly tasks?: TaskOptions | false;
  /** The revisions served, of either era. Default: all. */
  readonly revisions?: readonly Revision[];
  /** Items per page of every list. Default 100. */
  readonly pageSize?: number;
  /** Logging (`false` to not offer it). */
  readonly logging?: LoggingOptions | false;
  /** Cache hints of 2026-07-28 results. Defaults: lists and discover 60 s public; reads 0 ms private. */
  readonly cache?: { readonly list?: CacheHint; readonly read?: CacheHint; readonly discover?: CacheHint };
  /** How `requestState` and pagination cursors are sealed; share `secret` across a server fleet. */
  readonly requestState?: RequestStateSealerOptions;
  /** Timeout of server-to-client requests (elicitation, sampling, roots), in ms. Default 60 000. */
  readonly timeoutMs?: number;
  /** Validate every outbound message against the client's revision. Default false. */
  readonly validateOutbound?: boolean;
  /**
   * The most messages one JSON-RPC batch (2025-03-26 clients) may hold; a larger batch is refused
   * whole with one -32600 error and none of it runs. Default 100 (`DEFAULT_MAX_BATCH_SIZE` of
   * `@mcpkit/core`).
   */
  readonly maxBatchSize?: number;
  /**
   * Derives the JSON Schema served for a Standard Schema tool that gives none (a tool's own
   * `toJsonSchema` wins), e.g. `(schema, io) => z.toJSONSchema(schema as z.ZodType, { io })`.
   * Schemas with a Standard JSON Schema converter of their own (zod 4.2+) need no hook.
   */
  readonly toJsonSchema?: ToJsonSchema;
  /**
   * How the scope checks of tools, resources and prompts (their `scopes`) word their challenge:
   * the protected-resource metadata URL to name. See {@link AuthorizationOptions}.
   */
  readonly authorization?: AuthorizationOptions;
  /** Where session-era resource subscriptions are kept. Default: a {@link MemorySubscriptionStore}. */
  readonly subscriptions?: SubscriptionStore;
  /**
   * The bus of the fleet this server is part of (the same as its HTTP handlers'): list changes and
   * `resourceUpdated` reach the sessions of every process, in both eras (listen streams included),
   * and a task is cancelled, and its `tasks/result` callers woken, whichever process serves the
   * request. Default: a `MemoryBus` of this server (one process).
   */
  readonly bus?: Bus;
  /** Problems with no caller to report to (a failing notification, a handler crash). */
  readonly onError?: (error: Error) => void;
  /**
   * A structured, pino-compatible logger (pino, a child of one, `console`): `error` for what
   * `onError` gets, `warn` for tool handlers that threw (answered as `isError` results), `debug`
   * for log messages the rate limit dropped. Default: none.
   */
  readonly logger?: Logger;
  /**
   * OpenTelemetry spans of every request (SERVER kind, children of the `traceparent` the request
   * carries in `_meta`), named and attributed per the OpenTelemetry semantic conventions for MCP.
   * Default: on when `@opentelemetry/api` can be imported (an optional peer, looked for once when
   * the server is made; requests served before it is found have no spans); `false` turns them
   * off; or give the module (used at once).
   */
  readonly telemetry?: TelemetryOption;
}
