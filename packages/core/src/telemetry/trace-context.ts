/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) as MCP carries it: the `traceparent`
 * and `tracestate` keys of a request's `_meta` (reserved for this by 2026-07-28; the OpenTelemetry
 * conventions for MCP propagate the same keys at every revision).
 */
export interface TraceContext {
  /** `00-<32 hex trace id>-<16 hex parent span id>-<2 hex flags>`. */
  readonly traceparent: string;
  /** Vendor entries, `key=value` joined by commas (at most 32). */
  readonly tracestate?: string;
}

/** The parts of a valid `traceparent`. */
export interface TraceParent {
  readonly traceId: string;
  readonly spanId: string;
  readonly flags: number;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const MAX_TRACESTATE = 512;

/**
 * Parses a `traceparent`: undefined when it is not one (wrong shape, version `ff`, an all-zero id,
 * or extra fields on version 00).
 *
 * @example
 * ```ts
 * parseTraceparent("00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01");
 * // { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "00f067aa0ba902b7", flags: 1 }
 * ```
 */
export function parseTraceparent(value: unknown): TraceParent | undefined {
  if (typeof value !== "string" || value.length > 256) return undefined;
  const match = TRACEPARENT.exec(value);
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return undefined;
  return { traceId, spanId, flags: Number.parseInt(flags, 16) };
}

/**
 * Formats a version-00 `traceparent`.
 *
 * @example
 * ```ts
 * formatTraceparent({ traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", flags: 1 });
 * // "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
 * ```
 */
export function formatTraceparent(parent: TraceParent): string {
  return `00-${parent.traceId}-${parent.spanId}-${(parent.flags & 0xff).toString(16).padStart(2, "0")}`;
}

/**
 * The trace context a request's `_meta` carries, when its `traceparent` is valid (a `tracestate`
 * without one is ignored, as W3C says; an oversized or non-string one is dropped).
 *
 * @example
 * ```ts
 * traceContextOf({ traceparent: "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01", tracestate: "a=1" });
 * // { traceparent: "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01", tracestate: "a=1" }
 * ```
 */
export function traceContextOf(
  meta: Readonly<Record<string, unknown>> | undefined,
): TraceContext | undefined {
  const traceparent = meta?.traceparent;
  if (!parseTraceparent(traceparent)) return undefined;
  const tracestate = meta?.tracestate;
  const state =
    typeof tracestate === "string" && tracestate.length <= MAX_TRACESTATE ? tracestate : undefined;
  return { traceparent: traceparent as string, ...(state ? { tracestate: state } : {}) };
}
