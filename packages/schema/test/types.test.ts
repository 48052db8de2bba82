import { describe, expectTypeOf, it } from "vitest";
import type {
  CallToolResult,
  ClientRequestMap,
  CreateTaskResult,
  ServerNotification,
} from "../src/generated/2025-11-25/index.js";
import type * as S from "../src/generated/2026-07-28/index.js";
import type { V2024_11_05 } from "../src/index.js";

// These tests are checked by `tsc` (the typecheck task); at run time they only walk the shapes.
describe("generated types", () => {
  it("narrow unions on method", () => {
    const onNotification = (n: ServerNotification) => {
      if (n.method === "notifications/progress") return n.params.progress;
      return undefined;
    };
    expectTypeOf(onNotification).returns.toEqualTypeOf<number | undefined>();
  });

  it("narrow content blocks on type", () => {
    const describeBlock = (b: S.ContentBlock) => (b.type === "image" ? b.mimeType : b.type);
    expectTypeOf(describeBlock).returns.toEqualTypeOf<string>();
    expectTypeOf<Extract<S.ContentBlock, { type: "text" }>>().toEqualTypeOf<S.TextContent>();
  });

  it("map methods to params and results", () => {
    expectTypeOf<ClientRequestMap["tools/call"]["result"]>().toEqualTypeOf<
      CallToolResult | CreateTaskResult
    >();
    expectTypeOf<S.ClientRequestMap["tools/call"]["params"]>().toEqualTypeOf<S.CallToolRequestParams>();
  });

  it("close objects where the specification closes them, and type free JSON as unknown", () => {
    // @ts-expect-error: TextContent has no `colour`
    const text: S.TextContent = { type: "text", text: "hi", colour: "red" };
    expectTypeOf(text.type).toEqualTypeOf<"text">();
    expectTypeOf<V2024_11_05.Result>().toHaveProperty("_meta");
    expectTypeOf<V2024_11_05.Result["anything"]>().toEqualTypeOf<unknown>();
    expectTypeOf<S.CallToolResult["structuredContent"]>().toEqualTypeOf<unknown>();
  });
});
