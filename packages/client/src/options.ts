import type { ClientExtension } from "./extensions/extension.js";
import type { ImplementationInfo, JsonObject, Logger, TelemetryOption, Transport } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { ResultCache } from "./features/cache.js";
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  Root,
} from "./types.js";
import type { ClientTaskOptions } from "./tasks/options.js";
import type { HealthCheckOptions } from "./resilience/health-check.js";
import type { ReconnectOptions } from "./resilience/options.js";
import type { OutputSchemaValidator } from "./validation/output-validator.js";

/** What a handler of a server-to-client request gets besides the params. */
export interface HandlerContext {
  /** Aborted when the server cancels the request or the connection closes. */
  readonly signal: AbortSignal;
  /** The revision governing the request. */
  readonly revision: Revision;
}

/** Answers `sampling/createMessage` (with `tools`/`toolChoice` in 2025-11-25 and later). */
export type SamplingHandler = (
  params: CreateMessageRequestParams,
  ctx: HandlerContext,
) => CreateMessageResult | Promise<CreateMessageResult>;

/** Answers a form-mode `elicitation/create`. */
export type FormElicitationHandler = (
  params: ElicitRequestFormParams,
  ctx: HandlerContext,
) => ElicitResult | Promise<ElicitResult>;

/** Answers a URL-mode `elicitation/create` (2025-11-25 and later): open the URL, then say whether the user agreed. */
export type UrlElicitationHandler = (
  params: ElicitRequestURLParams,
  ctx: HandlerContext,
) => ElicitResult | Promise<ElicitResult>;

/** The client's roots: a fixed list, or a function asked each time the server lists them. */
export type RootsSource = readonly Root[] | (() => readonly Root[] | Promise<readonly Root[]>);

/** How the client settles the protocol era. */
export type ClientMode = "auto" | "session" | "stateless";

/** Something `connect` accepts: a transport, or a factory that can make a fresh one (needed to reconnect). */
export type TransportSource = Transport | (() => Transport | Promise<Transport>);

/**
 * Options of a {@link Client}.
 *
 * @example
 * ```ts
 * const client = new Client({
 *   clientInfo: { name: "my-app", version: "1.0.0" },
 *   sampling: async (params) => ({ role: "assistant", content: { type: "text", text: "hi" }, model: "local" }),
 *   roots: [{ uri: "file:///work", name: "work" }],
 * });
 * ```
 */
export interface ClientOptions {
  readonly clientInfo: ImplementationInfo;
  /**
   * `auto` (default): probe with `server/discover`, fall back to `initialize` for older servers.
   * `session`: `initialize` only. `stateless`: 2026-07-28 only.
   */
  readonly mode?: ClientMode;
  /** Pin one revision (its era decides the mode): a server that does not speak it is refused. */
  readonly revision?: Revision;
  /** How long the `server/discover` probe waits before assuming an older server. Default 3000 ms. */
  readonly probeTimeoutMs?: number;
  /** Default per-request timeout (restarted by progress). Default 60 000 ms. */
  readonly timeoutMs?: number;
  /** Default cap on a request's total duration. Default 600 000 ms. */
  readonly maxTotalTimeoutMs?: number;
  /** Upper bound on pages fetched by the `list*` methods. Default 100. */
  readonly maxPages?: number;
  /** Upper bound on requests per stateless-era call with input-required rounds. Default 10. */
  readonly maxInputRounds?: number;
  /**
   * Extensions to install (off unless listed): each is declared in the `extensions` capability
   * with its settings, and adds its handlers. See {@link ClientExtension}.
   */
  readonly extensions?: readonly ClientExtension[];
  /** Declared as the `experimental` capability, e.g. `{ "com.example/beta": {} }`. */
  readonly experimental?: Readonly<Record<string, JsonObject>>;
  /**
   * OpenTelemetry spans of requests (CLIENT kind, children of the active context, named and
   * attributed per the OpenTelemetry semantic conventions for MCP), each sending its W3C trace
   * context in `_meta` (`traceparent`, `tracestate`) so the server's spans join the trace.
   * Default: on when `@opentelemetry/api` can be imported (an optional peer, looked for once at
   * `connect`); `false` turns them off; or give the module.
   */
  readonly telemetry?: TelemetryOption;
  /** Declares `sampling` and answers `sampling/createMessage`. */
  readonly sampling?: SamplingHandler;
  /** Also declare `sampling.tools` (2025-11-25+: the server may pass tools and toolChoice). Default false. */
  readonly samplingTools?: boolean;
  /** Declares `roots` (with `listChanged`) and answers `roots/list`. */
  readonly roots?: RootsSource;
  /** Declares `elicitation` (its `form`/`url` modes by the handlers given) and answers `elicitation/create`. */
  readonly elicitation?: {
    readonly form?: FormElicitationHandler;
    readonly url?: UrlElicitationHandler;
    /** Fill fields the user left out with the `default` of the requested schema. Default false. */
    readonly applyDefaults?: boolean;
  };
  /**
   * Declares the `tasks` capability (2025-11-25): the server then sends status notifications of
   * the tasks this client asks for, and with `receive: true` may ask this client for tasks
   * (task-augmented sampling and elicitation). Off by default.
   */
  readonly tasks?: ClientTaskOptions;
  /**
   * Checks `structuredContent` against tools' output schemas. Default: `createOutputValidator()`
   * (`@mcpkit/json-schema`, no eval); pass `false` to skip the checks, or your own validator.
   */
  readonly outputValidator?: OutputSchemaValidator | false;
  /** 2026-07-28 cache hints: `false` disables caching; a {@link ResultCache} may be shared for public entries. Default on. */
  readonly cache?: false | { readonly shared?: ResultCache };
  /** Re-list tools, prompts or resources when the server says they changed (if they were listed before). Default true. */
  readonly refreshOnListChanged?: boolean;
  /** Validate every outbound message against the negotiated revision's schema. Default false. */
  readonly validateOutbound?: boolean;
  /**
   * Healing the connection (docs/client.md, "Healing"): on by default for expired sessions (HTTP
   * 404), off for other losses until `connectionLost: true`; `false` turns it off. Needs a
   * transport factory given to `connect()`, or a transport with `reopen()`.
   */
  readonly reconnect?: ReconnectOptions | false;
  /**
   * Ping the server every `intervalMs` (session era); a ping unanswered within `timeoutMs`
   * closes the connection and reconnects (reason `unhealthy`). Off by default.
   */
  readonly healthCheck?: HealthCheckOptions;
  /**
   * A structured logger (pino's signature; `console` fits too): problems with no caller to report
   * to at `error` (as `onError` gets them, with the error as `err`), and the healing's steps
   * (`warn` for a lost connection, `info` for each attempt and success, `error` when it gave up).
   */
  readonly logger?: Logger;
  /** Problems with no caller to report to (a listener threw, a refresh failed). */
  readonly onError?: (error: Error) => void;
}
