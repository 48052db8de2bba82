import type { Era, Revision } from "@mcpkit/schema";
import {
  type AuthInfo,
  type JsonObject,
  type MessageContext,
  type Params,
  type RequestContext,
  type RequestId,
  type TraceContext,
  traceContextOf,
} from "@mcpkit/core";
import { type ElicitOptions, type Elicited, elicitFunction } from "./elicit.js";
import type { FromSchema } from "./from-schema.js";
import type { Ask } from "./input.js";
import type { JsonSchema } from "./json-schema.js";
import type { StandardOutput, StandardSchemaV1, ToJsonSchema } from "./standard-schema.js";
import type { ServerSession } from "./session.js";
import type {
  ElicitParams,
  ElicitResult,
  ListRootsResult,
  LoggingLevel,
  SampleParams,
  SampleResult,
} from "./types.js";

/** What the server knows about the client that sent a request. */
export interface ClientDescription {
  /** The client's `Implementation` (name, version, ...), when it said. */
  readonly info: Readonly<Record<string, unknown>> | undefined;
  /** The capabilities it declared (at `initialize`, or in this request's envelope). */
  readonly capabilities: Readonly<Record<string, unknown>> | undefined;
}

/**
 * What every handler gets: the request's signal, metadata and client, and ways to report progress,
 * log, and ask the client for input. `elicit()`, `sample()` and `listRoots()` work in both eras from
 * the same code: a request to the client in the session era, an `input_required` round in the
 * stateless era (where the handler runs again from the start with the answers, so ask in the same
 * order each time and keep side effects after the questions; questions asked together with
 * `Promise.all` share one round). Each checks the client's
 * capabilities first and throws `LocalError("capability_missing")` without sending anything.
 *
 * @example
 * ```ts
 * server.tool({ name: "deploy", inputSchema: { type: "object" } }, async (_args, ctx) => {
 *   await ctx.progress(1, 3, "checking");
 *   const answer = await ctx.elicit({
 *     message: "Deploy to production?",
 *     requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
 *   });
 *   await ctx.log("info", { deployed: answer.action === "accept" });
 *   return { content: [{ type: "text", text: answer.action }] };
 * });
 * ```
 */
export interface ServerContext {
  /** Aborted when the client cancels, the transport loses the client, or the session closes. */
  readonly signal: AbortSignal;
  readonly requestId: RequestId;
  readonly method: string;
  /** The revision governing this request. */
  readonly revision: Revision;
  readonly era: Era;
  /** The request's `_meta` (progress token, stateless envelope, extension keys). */
  readonly meta: Readonly<Record<string, unknown>>;
  /**
   * The W3C trace context the request carries in `_meta` (`traceparent`, `tracestate`), when its
   * `traceparent` is valid: to pass on to your own calls when OpenTelemetry is not in use.
   */
  readonly traceContext: TraceContext | undefined;
  readonly client: ClientDescription;
  /** What the transport knows: HTTP headers, auth info. */
  readonly transport: MessageContext;
  /**
   * Who sent the request, as the transport's `authenticate` hook verified it (subject, client id,
   * scopes, expiry, claims); undefined when the request came in anonymously or over a transport
   * without credentials (stdio).
   */
  readonly auth: AuthInfo | undefined;
  readonly session: ServerSession;
  /** Reports progress, when the client asked for it (a no-op otherwise). */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** Logs to the client, subject to its level (session or, in 2026-07-28, the request's) and the rate limit. */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
  /**
   * Asks the user through the client (form or URL mode). A form's `requestedSchema` is checked
   * against the specification's restricted subset first (a `TypeError` naming what does not fit,
   * and nothing is sent).
   */
  elicit(params: ElicitParams): Promise<ElicitResult>;
  /**
   * Asks the user to fill a form described by a Standard Schema (its JSON Schema is sent: given in
   * `options`, from a `toJsonSchema` hook, or the schema's own converter), and returns the
   * accepted content parsed by it. The sent schema is checked against the form subset first; an
   * accepted answer that does not parse throws {@link ElicitationAnswerError}.
   */
  elicit<Schema extends StandardSchemaV1>(
    message: string,
    schema: Schema,
    options?: ElicitOptions,
  ): Promise<Elicited<StandardOutput<Schema>>>;
  /**
   * Asks the user to fill a form described by a literal JSON Schema (checked against the form
   * subset before it is sent), and returns the accepted content checked against it and typed from
   * it ({@link FromSchema}); content that does not match throws {@link ElicitationAnswerError}.
   */
  elicit<const Schema extends JsonSchema>(
    message: string,
    schema: Schema,
  ): Promise<Elicited<FromSchema<Schema>>>;
  /** Asks the client's model for a completion (with tools where the revision and client allow). */
  sample(params: SampleParams): Promise<SampleResult>;
  /** The client's roots. */
  listRoots(): Promise<ListRootsResult>;
  /** Sends a notification related to this request. */
  notify(method: string, params?: Params): Promise<void>;
  /**
   * The task this call is or may become (2026-07-28 tasks extension, `tasksExtension()`): present
   * only in a `tools/call` of a tool whose `execution.taskSupport` allows tasks, from a client that
   * declared the extension. Undefined everywhere else.
   */
  readonly task?: TaskControl;
}

/**
 * A call's task (2026-07-28 tasks extension).
 *
 * @example
 * ```ts
 * server.tool(
 *   { name: "import", inputSchema: { type: "object" }, execution: { taskSupport: "optional" }, taskCreation: "handler" },
 *   async (_args, ctx) => {
 *     const ok = await ctx.elicit({ message: "Import?", requestedSchema: { type: "object", properties: {} } });
 *     await ctx.task?.start(); // answered with a CreateTaskResult; the rest runs as the task
 *     return { content: [{ type: "text", text: ok.action }] };
 *   },
 * );
 * ```
 */
export interface TaskControl {
  /** The task's id, once it exists. */
  readonly id: string | undefined;
  /**
   * Makes the call a task now, if it is not one yet: the task is stored, the request is answered
   * with its `CreateTaskResult`, and the handler goes on as the task (its signal is the task's,
   * `elicit()` and `sample()` move the task to `input_required`). Resolves once that is done.
   */
  start(): Promise<void>;
}

function metaOf(params: Params): Readonly<Record<string, unknown>> {
  const meta = params._meta;
  return typeof meta === "object" && meta !== null && !Array.isArray(meta)
    ? (meta as Record<string, unknown>)
    : {};
}

/**
 * A handler's context, built from the engine's request context. `signal` is a getter, so the
 * request's `AbortController` is made only for handlers that look at it; the methods are own
 * functions, so a handler may destructure them.
 */
class HandlerServerContext implements ServerContext {
  readonly requestId: RequestId;
  readonly method: string;
  readonly revision: Revision;
  readonly era: Era;
  readonly meta: Readonly<Record<string, unknown>>;
  readonly transport: MessageContext;
  readonly auth: AuthInfo | undefined;
  readonly #engine: RequestContext;
  readonly #ask: Ask;
  readonly #toJsonSchema: ToJsonSchema | undefined;
  // Made on first use and kept (most handlers use none), so a handler may destructure them.
  #client: ClientDescription | undefined;
  #progress: ServerContext["progress"] | undefined;
  #log: ServerContext["log"] | undefined;
  #elicit: ServerContext["elicit"] | undefined;
  #sample: ServerContext["sample"] | undefined;
  #listRoots: ServerContext["listRoots"] | undefined;
  #notify: ServerContext["notify"] | undefined;

  constructor(
    readonly session: ServerSession,
    params: Params,
    ctx: RequestContext,
    ask: Ask,
    toJsonSchema: ToJsonSchema | undefined,
  ) {
    this.#engine = ctx;
    this.#ask = ask;
    this.#toJsonSchema = toJsonSchema;
    this.meta = metaOf(params);
    this.requestId = ctx.requestId;
    this.method = ctx.method;
    this.revision = ctx.revision;
    this.era = ctx.era;
    this.transport = ctx.context;
    this.auth = ctx.context.authInfo;
  }

  get signal(): AbortSignal {
    return this.#engine.signal;
  }

  get traceContext(): TraceContext | undefined {
    return traceContextOf(this.meta);
  }

  get client(): ClientDescription {
    const peer = this.#engine.peer;
    this.#client ??= { info: peer.info, capabilities: peer.capabilities };
    return this.#client;
  }

  get progress(): ServerContext["progress"] {
    if (this.#progress) return this.#progress;
    const ctx = this.#engine;
    this.#progress = (progress, total, message) =>
      ctx.sendProgress({
        progress,
        ...(total === undefined ? {} : { total }),
        // 2024-11-05 progress has no message.
        ...(message === undefined || ctx.revision < "2025-03-26" ? {} : { message }),
      });
    return this.#progress;
  }

  get log(): ServerContext["log"] {
    if (this.#log) return this.#log;
    const { session, meta } = this;
    const ctx = this.#engine;
    this.#log = (level, data, logger) => session.logFor(ctx, meta, level, data, logger);
    return this.#log;
  }

  get elicit(): ServerContext["elicit"] {
    const ask = this.#ask;
    this.#elicit ??= elicitFunction(
      async (p) => (await ask("elicitation/create", p as unknown as Params)) as unknown as ElicitResult,
      this.#toJsonSchema,
    );
    return this.#elicit;
  }

  get sample(): ServerContext["sample"] {
    const ask = this.#ask;
    this.#sample ??= async (p) =>
      (await ask("sampling/createMessage", p as unknown as Params)) as unknown as SampleResult;
    return this.#sample;
  }

  get listRoots(): ServerContext["listRoots"] {
    const ask = this.#ask;
    this.#listRoots ??= async () => (await ask("roots/list", {})) as JsonObject as unknown as ListRootsResult;
    return this.#listRoots;
  }

  get notify(): ServerContext["notify"] {
    const ctx = this.#engine;
    this.#notify ??= (method, p) => ctx.sendNotification(method, p);
    return this.#notify;
  }
}

/** Builds a handler's context from the engine's request context. */
export function createServerContext(
  session: ServerSession,
  params: Params,
  ctx: RequestContext,
  ask: Ask,
  toJsonSchema?: ToJsonSchema,
): ServerContext {
  return new HandlerServerContext(session, params, ctx, ask, toJsonSchema);
}
