// OpenTelemetry spans and W3C trace context between a real Client and a real Server: the client's
// CLIENT span sends its traceparent in _meta, the server's SERVER span is its child, both named and
// attributed per the OpenTelemetry semantic conventions for MCP.
import * as otel from "@opentelemetry/api";
import type { ServerContext } from "@mcpkit/server";
import { afterEach, describe, expect, it } from "vitest";
import { connect, newServer } from "./setup.js";

interface Recorded {
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code: number; message?: string };
  context: otel.SpanContext;
  parent: otel.SpanContext | undefined;
  ended: boolean;
}

/** A tracer provider that records every span (ids counted up, so they are distinct and valid). */
function recordingProvider(): { provider: otel.TracerProvider; spans: Recorded[] } {
  const spans: Recorded[] = [];
  let next = 0;
  const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
  const tracer = {
    startSpan(name: string, options: otel.SpanOptions = {}, context?: otel.Context): otel.Span {
      const parent = context ? otel.trace.getSpanContext(context) : undefined;
      next++;
      const record: Recorded = {
        name,
        kind: options.kind ?? otel.SpanKind.INTERNAL,
        attributes: { ...options.attributes },
        context: { traceId: parent?.traceId ?? hex(next, 32), spanId: hex(next, 16), traceFlags: 1 },
        parent,
        ended: false,
      };
      spans.push(record);
      const span = {
        spanContext: () => record.context,
        setAttribute: (key: string, value: unknown) => {
          record.attributes[key] = value;
          return span;
        },
        setStatus: (status: { code: number; message?: string }) => {
          record.status = status;
          return span;
        },
        isRecording: () => true,
        end: () => {
          record.ended = true;
        },
      };
      return span as unknown as otel.Span;
    },
  };
  const provider = { getTracer: () => tracer as unknown as otel.Tracer };
  return { provider, spans };
}

afterEach(() => {
  otel.trace.disable();
});

function server() {
  const s = newServer({ telemetry: otel });
  s.tool({ name: "add", inputSchema: { type: "object" } }, () => ({
    content: [{ type: "text", text: "3" }],
  }));
  s.tool({ name: "broken", inputSchema: { type: "object" } }, () => {
    throw new Error("kaput");
  });
  return s;
}

describe("OpenTelemetry spans (telemetry option given the API)", () => {
  it("a tools/call: a CLIENT span and its SERVER child, attributed per the conventions", async () => {
    const { provider, spans } = recordingProvider();
    otel.trace.setGlobalTracerProvider(provider);
    const s = server();
    const client = await connect(s, "2025-11-25", { telemetry: otel });
    const connected = spans.splice(0);
    // Requests of the handshake are the server's alone (the client's spans cover its own requests).
    expect(connected.map((span) => [span.name, span.kind])).toEqual([["initialize", otel.SpanKind.SERVER]]);
    await client.callTool({ name: "add", arguments: {} });
    const calls = spans.filter((span) => span.name.startsWith("tools/call"));
    expect(calls.map((span) => [span.name, span.kind, span.ended])).toEqual([
      ["tools/call add", otel.SpanKind.CLIENT, true],
      ["tools/call add", otel.SpanKind.SERVER, true],
    ]);
    const [clientSpan, serverSpan] = calls as [Recorded, Recorded];
    expect(clientSpan.attributes).toEqual({
      "mcp.method.name": "tools/call",
      "mcp.protocol.version": "2025-11-25",
      "gen_ai.tool.name": "add",
      "gen_ai.operation.name": "execute_tool",
    });
    expect(serverSpan.attributes).toEqual({
      "mcp.method.name": "tools/call",
      "jsonrpc.request.id": expect.any(String),
      "mcp.protocol.version": "2025-11-25",
      "gen_ai.tool.name": "add",
      "gen_ai.operation.name": "execute_tool",
    });
    // The server's span continues the client's trace, as the child of the client's span.
    expect(serverSpan.parent).toEqual({
      traceId: clientSpan.context.traceId,
      spanId: clientSpan.context.spanId,
      traceFlags: 1,
      isRemote: true,
    });
    expect(serverSpan.context.traceId).toBe(clientSpan.context.traceId);
    await s.close();
  });

  it("failures: error.type is the JSON-RPC code, or tool_error for an isError result", async () => {
    const { provider, spans } = recordingProvider();
    otel.trace.setGlobalTracerProvider(provider);
    const s = server();
    const client = await connect(s, "2025-06-18", { telemetry: otel });
    await client.callTool({ name: "broken" });
    await client.callTool({ name: "missing" }).catch(() => undefined);
    const failures = spans
      .filter((span) => span.name.startsWith("tools/call"))
      .map((span) => [span.name, span.kind, span.attributes["error.type"], span.status?.code]);
    expect(failures).toEqual([
      ["tools/call broken", otel.SpanKind.CLIENT, "tool_error", otel.SpanStatusCode.ERROR],
      ["tools/call broken", otel.SpanKind.SERVER, "tool_error", otel.SpanStatusCode.ERROR],
      ["tools/call missing", otel.SpanKind.CLIENT, "-32602", otel.SpanStatusCode.ERROR],
      ["tools/call missing", otel.SpanKind.SERVER, "-32602", otel.SpanStatusCode.ERROR],
    ]);
    const missing = spans.filter((span) => span.name === "tools/call missing");
    expect(missing.map((span) => span.attributes["rpc.response.status_code"])).toEqual(["-32602", "-32602"]);
    await s.close();
  });

  it("prompts/get and resources/read name their prompt and resource", async () => {
    const { provider, spans } = recordingProvider();
    otel.trace.setGlobalTracerProvider(provider);
    const s = newServer({ telemetry: otel });
    s.prompt({ name: "greet" }, () => ({ messages: [] }));
    s.resource({ uri: "file:///a", name: "a" }, (uri) => ({ contents: [{ uri, text: "a" }] }));
    const client = await connect(s, "2026-07-28", { telemetry: false });
    expect(spans.splice(0).map((span) => span.name)).toEqual(["server/discover"]);
    await client.getPrompt({ name: "greet" });
    await client.readResource("file:///a");
    expect(
      spans.map((span) => [
        span.name,
        span.attributes["gen_ai.prompt.name"],
        span.attributes["mcp.resource.uri"],
      ]),
    ).toEqual([
      ["prompts/get greet", "greet", undefined],
      ["resources/read", undefined, "file:///a"],
    ]);
    await s.close();
  });
});

describe("W3C trace context without OpenTelemetry on the server", () => {
  it("the client's traceparent reaches the handler as ctx.traceContext", async () => {
    const { provider } = recordingProvider();
    otel.trace.setGlobalTracerProvider(provider);
    const s = newServer({ telemetry: false });
    let seen: ServerContext["traceContext"];
    s.tool({ name: "look", inputSchema: { type: "object" } }, (_args, ctx) => {
      seen = ctx.traceContext;
      return { content: [] };
    });
    const client = await connect(s, "2026-07-28", { telemetry: otel });
    await client.callTool({ name: "look" });
    expect(seen?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await s.close();
  });

  it("an invalid traceparent is not passed on", async () => {
    const s = newServer({ telemetry: false });
    let seen: ServerContext["traceContext"] | "unset" = "unset";
    s.tool({ name: "look", inputSchema: { type: "object" } }, (_args, ctx) => {
      seen = ctx.traceContext;
      return { content: [] };
    });
    const client = await connect(s, "2025-11-25", { telemetry: false });
    await client.request("tools/call", {
      name: "look",
      _meta: { traceparent: "00-00000000000000000000000000000000-00f067aa0ba902b7-01" },
    });
    expect(seen).toBeUndefined();
    await client.request("tools/call", {
      name: "look",
      _meta: {
        traceparent: "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01",
        tracestate: "vendor=1",
      },
    });
    expect(seen).toEqual({
      traceparent: "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01",
      tracestate: "vendor=1",
    });
    await s.close();
  });
});
