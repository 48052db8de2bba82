import { LocalError, McpError } from "@mcpkit/client";
import { describe, expect, it } from "vitest";
import { sampleValue } from "../src/client/answers.js";
import { lifecycleFor, retryRevision } from "../src/client/connect.js";
import { callsFromContext } from "../src/client/scenarios/stateless.js";

describe("conformance client helpers", () => {
  it("chooses the lifecycle from MCP_CONFORMANCE_PROTOCOL_VERSION", () => {
    expect(lifecycleFor(undefined)).toEqual({ mode: "session" });
    expect(lifecycleFor("")).toEqual({ mode: "session" });
    expect(lifecycleFor("2026-07-28")).toEqual({ revision: "2026-07-28" });
    expect(lifecycleFor("2025-06-18")).toEqual({ revision: "2025-06-18" });
    expect(() => lifecycleFor("draft")).toThrow(
      "MCP_CONFORMANCE_PROTOCOL_VERSION=draft is not a revision this client speaks",
    );
  });

  it("retries a -32022 refusal only with a version it speaks", () => {
    const refusal = (supported: unknown) =>
      new LocalError("version_rejected", "refused", {
        cause: new McpError(-32022, "Unsupported", { supported }),
      });
    expect(retryRevision(refusal(["2026-07-28"]))).toBe("2026-07-28");
    expect(retryRevision(refusal(["2025-06-18", "2026-07-28", "v999"]))).toBe("2026-07-28");
    expect(retryRevision(refusal(["v999.0.0"]))).toBeUndefined();
    expect(retryRevision(refusal(undefined))).toBeUndefined();
    expect(retryRevision(new Error("boom"))).toBeUndefined();
  });

  it("reads the calls to make from the harness's context", () => {
    expect(
      callsFromContext({
        name: "http-custom-headers",
        toolCalls: [
          { name: "test_custom_headers", arguments: { region: "eu" } },
          { toolName: "test_custom_headers_null", args: { region: null } },
          { name: 42 },
          "junk",
        ],
      }),
    ).toEqual([
      { name: "test_custom_headers", arguments: { region: "eu" } },
      { name: "test_custom_headers_null", arguments: { region: null } },
    ]);
    expect(callsFromContext({ name: "x" })).toEqual([]);
  });

  it("fills a form field with its default, its first option, or a sample of its type", () => {
    expect(sampleValue({ type: "string", default: "John Doe" })).toBe("John Doe");
    expect(sampleValue({ type: "string", enum: ["a", "b"] })).toBe("a");
    expect(sampleValue({ type: "string", oneOf: [{ const: "v1", title: "One" }] })).toBe("v1");
    expect(sampleValue({ type: "array", items: { anyOf: [{ const: "x", title: "X" }] } })).toEqual(["x"]);
    expect(sampleValue({ type: "string", format: "email" })).toBe("conformance@example.com");
    expect(sampleValue({ type: "integer", minimum: 18 })).toBe(18);
    expect(sampleValue({ type: "boolean" })).toBe(true);
    expect(sampleValue({ type: "string" })).toBe("conformance");
  });
});
