import type { JsonObject, McpTelemetry, Params } from "@mcpkit/core";

/**
 * Sends a request inside an OpenTelemetry CLIENT span, with the span's W3C trace context in the
 * request's `_meta` (`traceparent`, `tracestate`) unless the caller put one there.
 */
export function tracedRequest(
  telemetry: McpTelemetry,
  method: string,
  params: Params,
  revision: string | undefined,
  send: (params: Params) => Promise<JsonObject>,
): Promise<JsonObject> {
  const span = telemetry.client(
    { method, params, ...(revision === undefined ? {} : { revision }) },
    "@mcpkit/client",
  );
  const meta = params._meta as Readonly<Record<string, unknown>> | undefined;
  const carried =
    span.traceContext && meta?.traceparent === undefined
      ? { ...params, _meta: { ...meta, ...span.traceContext } }
      : params;
  return span.recording ? telemetry.traced(span, () => send(carried)) : send(carried);
}
