import { describe, expect, it } from "vitest";
import { formatTraceparent, parseTraceparent, traceContextOf } from "../src/index.js";

const valid = "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01";

describe("W3C trace context", () => {
  it("parses and formats a traceparent", () => {
    const parsed = parseTraceparent(valid);
    expect(parsed).toEqual({
      traceId: "0af7651916cd43dd8448eb211c80319c",
      spanId: "00f067aa0ba902b7",
      flags: 1,
    });
    expect(formatTraceparent(parsed as NonNullable<typeof parsed>)).toBe(valid);
  });

  it.each([
    ["all-zero trace id", "00-00000000000000000000000000000000-00f067aa0ba902b7-01"],
    ["all-zero span id", "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01"],
    ["version ff", "ff-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01"],
    ["extra fields on version 00", `${valid}-extra`],
    ["upper-case hex", valid.toUpperCase()],
    ["short trace id", "00-0af7651916cd43dd8448eb211c8031-00f067aa0ba902b7-01"],
    ["not a string", 42],
  ])("refuses %s", (_what, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });

  it("a later version may carry more fields", () => {
    expect(parseTraceparent(`01-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01-more`)).toEqual({
      traceId: "0af7651916cd43dd8448eb211c80319c",
      spanId: "00f067aa0ba902b7",
      flags: 1,
    });
  });

  it("reads _meta: tracestate only with a valid traceparent, bounded", () => {
    expect(traceContextOf({ traceparent: valid, tracestate: "a=1,b=2" })).toEqual({
      traceparent: valid,
      tracestate: "a=1,b=2",
    });
    expect(traceContextOf({ tracestate: "a=1" })).toBeUndefined();
    expect(traceContextOf({ traceparent: valid, tracestate: "x".repeat(513) })).toEqual({
      traceparent: valid,
    });
    expect(traceContextOf(undefined)).toBeUndefined();
  });
});
