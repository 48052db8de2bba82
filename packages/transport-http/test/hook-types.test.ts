import { Server } from "@mcpkit/server";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  createLegacySseHandler,
  createStreamableHttpHandler,
  type LegacySseHandlerOptions,
  type StreamableHttpHandlerOptions,
} from "../src/index.js";
import type { DualServeOptions } from "../src/node.js";
import { initializeRequest, POST_HEADERS } from "./helpers.js";

// This file is compiled by `pnpm typecheck` (strict): the documented one-liners must compile
// whatever `server.connect` returns (a promise of its session).
const server = new Server({ name: "hook-types", version: "1.0.0" });

describe("session hooks take the documented one-liner", () => {
  it("onSession / onStateless accept `(t) => server.connect(t)` and the handler awaits it", async () => {
    const options: StreamableHttpHandlerOptions = {
      onSession: (t) => server.connect(t),
      onStateless: (t) => server.connect(t),
    };
    const legacy: LegacySseHandlerOptions = { onSession: (t) => server.connect(t) };
    const dual: DualServeOptions = { onSession: (t) => server.connect(t) };
    expectTypeOf(options.onSession).returns.toEqualTypeOf<unknown>();
    expectTypeOf(legacy.onSession).returns.toEqualTypeOf<unknown>();
    expectTypeOf(dual.onSession).returns.toEqualTypeOf<unknown>();

    const handler = createStreamableHttpHandler(options);
    const response = await handler.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: POST_HEADERS,
        body: JSON.stringify(initializeRequest(1)),
      }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { serverInfo: unknown } }).result.serverInfo).toEqual({
      name: "hook-types",
      version: "1.0.0",
    });
    expect(handler.sessionCount).toBe(1);
    await handler.close();
    await createLegacySseHandler(legacy).close();
  });
});
