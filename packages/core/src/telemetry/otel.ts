import { formatTraceparent, parseTraceparent, type TraceContext } from "./trace-context.js";

/** The span context of `@opentelemetry/api` (only what mcpkit reads). */
export interface OtelSpanContext {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
  readonly isRemote?: boolean;
  /** Vendor trace state; `serialize` gives its `tracestate` header value. */
  readonly traceState?: {
    /** The `tracestate` header value. */
    serialize(): string;
  };
}

/** A span of `@opentelemetry/api` (only what mcpkit calls). */
export interface OtelSpan {
  /** The span's identifiers. */
  spanContext(): OtelSpanContext;
  /** Sets one attribute of the span. */
  setAttribute(key: string, value: string | number | boolean): unknown;
  /** Sets the span's status (mcpkit sets only errors). */
  setStatus(status: { code: number; message?: string }): unknown;
  /** Whether the span records (is sampled). */
  isRecording(): boolean;
  /** Ends the span. */
  end(): void;
}

/**
 * The part of `@opentelemetry/api` mcpkit uses, declared structurally so that the package is an
 * optional peer: pass the module itself (`import * as otel from "@opentelemetry/api"`).
 */
export interface OpenTelemetryApi {
  /** `trace` of `@opentelemetry/api`. */
  readonly trace: {
    /** The tracer of an instrumentation scope. */
    getTracer(
      name: string,
      version?: string,
    ): {
      /** Starts a span, a child of `context`'s span when there is one. */
      startSpan(
        name: string,
        options: { kind: number; attributes: Record<string, string | number> },
        context?: unknown,
      ): OtelSpan;
    };
    /** `context` with a remote parent span (from a received trace context). */
    setSpanContext(context: unknown, spanContext: OtelSpanContext): unknown;
    /** `context` with `span` active. */
    setSpan(context: unknown, span: OtelSpan): unknown;
  };
  /** `context` of `@opentelemetry/api`. */
  readonly context: {
    /** The active context. */
    active(): unknown;
    /** Runs `fn` with `context` active. */
    with<T>(context: unknown, fn: () => T): T;
  };
  /** Parses a `tracestate` header value (absent in old versions of the API). */
  readonly createTraceState?: (raw?: string) => {
    /** The `tracestate` header value. */
    serialize(): string;
  };
}

/**
 * OpenTelemetry spans for a client or server: `undefined` (the default) uses `@opentelemetry/api`
 * when it can be imported, `false` never does, or give the module.
 */
export type TelemetryOption = boolean | OpenTelemetryApi | undefined;

const SPAN_KIND_SERVER = 1;
const SPAN_KIND_CLIENT = 2;
const STATUS_ERROR = 2;

function isApi(value: unknown): value is OpenTelemetryApi {
  const api = value as Partial<OpenTelemetryApi> | null | undefined;
  return typeof api?.trace?.getTracer === "function" && typeof api.context?.active === "function";
}

let detected: Promise<OpenTelemetryApi | undefined> | undefined;

/**
 * `@opentelemetry/api`, when it can be imported (once per process; a failed import costs nothing
 * after the first try).
 */
export function detectOpenTelemetry(): Promise<OpenTelemetryApi | undefined> {
  // A specifier in a variable: bundlers and tsc leave the optional peer alone.
  const specifier = "@opentelemetry/api";
  detected ??= import(specifier).then(
    (module: { default?: unknown }) =>
      isApi(module) ? module : isApi(module.default) ? module.default : undefined,
    () => undefined,
  );
  return detected;
}

/** Resolves a {@link TelemetryOption} to the API to use, if any. */
export async function resolveTelemetry(option: TelemetryOption): Promise<McpTelemetry | undefined> {
  if (option === false) return undefined;
  const api = typeof option === "object" ? option : await detectOpenTelemetry();
  return api ? new McpTelemetry(api) : undefined;
}

/**
 * Settles a {@link TelemetryOption} without waiting: a given module is used at once; otherwise
 * `@opentelemetry/api` is looked for and `use` is called when it is found (requests before that
 * have no spans). For servers, whose `connect` must start the transport in the same turn.
 */
export function settleTelemetry(option: TelemetryOption, use: (telemetry: McpTelemetry) => void): void {
  if (option === false) return;
  if (typeof option === "object") {
    use(new McpTelemetry(option));
    return;
  }
  void detectOpenTelemetry().then((api) => {
    if (api) use(new McpTelemetry(api));
  });
}

/** What a request is, for its span's name and attributes. */
export interface SpanRequest {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly requestId?: string | number;
  readonly revision?: string;
  readonly sessionId?: string;
}

/** How a request ended, for its span's status. */
export type SpanOutcome =
  | { readonly result: Readonly<Record<string, unknown>>; readonly error?: undefined }
  | { readonly error: unknown; readonly result?: undefined };

/** A started request span. */
export interface McpSpan {
  /** The trace context to send in the request's `_meta` (client side; invalid spans give none). */
  readonly traceContext: TraceContext | undefined;
  /**
   * Whether the span records (a tracer provider is registered and sampled it). A span that does
   * not is not worth an asynchronous turn: callers skip `traced` for it.
   */
  readonly recording: boolean;
  /** Runs `fn` with this span active (so that spans made inside are its children). */
  within<T>(fn: () => T): T;
  /** Ends the span with the outcome of the request. */
  end(outcome: SpanOutcome): void;
}

/**
 * Spans for MCP requests, named and attributed as the OpenTelemetry semantic conventions for MCP
 * (https://opentelemetry.io/docs/specs/semconv/gen-ai/mcp/, status Development) say: the name is
 * `{mcp.method.name} {target}` (the tool or prompt name when there is one), the kind CLIENT on the
 * sender and SERVER on the receiver, with `mcp.method.name`, `jsonrpc.request.id`,
 * `mcp.protocol.version`, `mcp.session.id`, `mcp.resource.uri`, `gen_ai.tool.name` and
 * `gen_ai.operation.name` (`execute_tool`), `gen_ai.prompt.name`; failures set `error.type`
 * (the JSON-RPC code, or `tool_error` for an `isError` result) and `rpc.response.status_code`.
 */
export class McpTelemetry {
  constructor(readonly api: OpenTelemetryApi) {}

  /** A CLIENT span around an outgoing request, child of the active context. */
  client(request: SpanRequest, tracerName: string): McpSpan {
    const span = this.start(request, SPAN_KIND_CLIENT, this.api.context.active(), tracerName);
    const sc = span.spanContext();
    const traceparent = formatTraceparent({ traceId: sc.traceId, spanId: sc.spanId, flags: sc.traceFlags });
    const state = sc.traceState?.serialize();
    const traceContext = parseTraceparent(traceparent)
      ? { traceparent, ...(state ? { tracestate: state } : {}) }
      : undefined;
    return this.handle(span, traceContext);
  }

  /** A SERVER span around an incoming request, child of the trace context it carries (if any). */
  server(request: SpanRequest, parent: TraceContext | undefined, tracerName: string): McpSpan {
    let context = this.api.context.active();
    const parsed = parent && parseTraceparent(parent.traceparent);
    if (parsed) {
      const traceState = parent.tracestate ? this.api.createTraceState?.(parent.tracestate) : undefined;
      context = this.api.trace.setSpanContext(context, {
        traceId: parsed.traceId,
        spanId: parsed.spanId,
        traceFlags: parsed.flags,
        isRemote: true,
        ...(traceState ? { traceState } : {}),
      });
    }
    const span = this.start(request, SPAN_KIND_SERVER, context, tracerName);
    return this.handle(span, undefined);
  }

  private handle(span: OtelSpan, traceContext: TraceContext | undefined): McpSpan {
    const { api } = this;
    return {
      traceContext,
      recording: span.isRecording(),
      within: (fn) => api.context.with(api.trace.setSpan(api.context.active(), span), fn),
      end: (outcome) => finish(span, outcome),
    };
  }

  /** Runs a request inside a span, ending it with the outcome. */
  async traced<T extends Readonly<Record<string, unknown>>>(
    span: McpSpan,
    run: () => T | Promise<T>,
  ): Promise<T> {
    try {
      const result = await span.within(run);
      span.end({ result });
      return result;
    } catch (error) {
      span.end({ error });
      throw error;
    }
  }

  private start(request: SpanRequest, kind: number, context: unknown, tracerName: string): OtelSpan {
    const { method, params } = request;
    const attributes: Record<string, string | number> = { "mcp.method.name": method };
    if (request.requestId !== undefined) attributes["jsonrpc.request.id"] = String(request.requestId);
    if (request.revision !== undefined) attributes["mcp.protocol.version"] = request.revision;
    if (request.sessionId !== undefined) attributes["mcp.session.id"] = request.sessionId;
    let target: string | undefined;
    if (method === "tools/call" && typeof params.name === "string") {
      target = params.name;
      attributes["gen_ai.tool.name"] = target;
      attributes["gen_ai.operation.name"] = "execute_tool";
    } else if (method === "prompts/get" && typeof params.name === "string") {
      target = params.name;
      attributes["gen_ai.prompt.name"] = target;
    }
    if (typeof params.uri === "string") attributes["mcp.resource.uri"] = params.uri;
    const name = target === undefined ? method : `${method} ${target}`;
    return this.api.trace.getTracer(tracerName).startSpan(name, { kind, attributes }, context);
  }
}

function finish(span: OtelSpan, outcome: SpanOutcome): void {
  if (outcome.error !== undefined) {
    const error = outcome.error;
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === "number") {
      span.setAttribute("error.type", String(code));
      span.setAttribute("rpc.response.status_code", String(code));
    } else if (typeof code === "string") {
      span.setAttribute("error.type", code); // a local failure: "timeout", "cancelled", ...
    } else {
      span.setAttribute("error.type", error instanceof Error ? error.name : "Error");
    }
    span.setStatus({ code: STATUS_ERROR, message: error instanceof Error ? error.message : String(error) });
  } else if (outcome.result?.isError === true) {
    span.setAttribute("error.type", "tool_error");
    span.setStatus({ code: STATUS_ERROR });
  }
  span.end();
}
