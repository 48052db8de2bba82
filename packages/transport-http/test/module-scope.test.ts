import { Client } from "@mcpkit/client";
import { Server } from "@mcpkit/server";
import { afterEach, describe, expect, it } from "vitest";
import { createStreamableHttpHandler, type StreamableHttpHandler } from "../src/index.js";
import { call, headersFor } from "./stateless-helpers.js";

/**
 * Workers forbid I/O, timers and random values at module scope ("Disallowed operation called
 * within global scope"), which is where a Worker naturally builds its Server and handler. These
 * tests build both with those operations trapped to throw, then serve both eras from them.
 */
type Trapped = "crypto.getRandomValues" | "crypto.randomUUID" | "setTimeout" | "setInterval" | "fetch";

function withTraps<T>(build: () => T): T {
  const saved = {
    getRandomValues: crypto.getRandomValues,
    randomUUID: crypto.randomUUID,
    setTimeout: globalThis.setTimeout,
    setInterval: globalThis.setInterval,
    fetch: globalThis.fetch,
  };
  const trap = (name: Trapped) => () => {
    throw new Error(`Disallowed operation called within global scope: ${name}`);
  };
  const c = crypto as { getRandomValues: unknown; randomUUID: unknown };
  const g = globalThis as { setTimeout: unknown; setInterval: unknown; fetch: unknown };
  c.getRandomValues = trap("crypto.getRandomValues");
  c.randomUUID = trap("crypto.randomUUID");
  g.setTimeout = trap("setTimeout");
  g.setInterval = trap("setInterval");
  g.fetch = trap("fetch");
  try {
    return build();
  } finally {
    c.getRandomValues = saved.getRandomValues;
    c.randomUUID = saved.randomUUID;
    g.setTimeout = saved.setTimeout;
    g.setInterval = saved.setInterval;
    g.fetch = saved.fetch;
  }
}

/** A definition as a Worker would write it: tools, a resource, a prompt, paginated lists. */
function buildDefinition(): Server {
  const server = new Server({ name: "module-scope", version: "1.0.0" }, { pageSize: 1 });
  server.tool({ name: "echo", inputSchema: { type: "object" } }, (args) => ({
    content: [{ type: "text", text: JSON.stringify(args) }],
  }));
  server.tool({ name: "second", inputSchema: { type: "object" } }, () => ({ content: [] }));
  server.resource({ uri: "memo://a", name: "a" }, (uri) => ({ contents: [{ uri, text: "A" }] }));
  server.prompt({ name: "greet" }, () => ({ messages: [] }));
  return server;
}

const json = { "content-type": "application/json", accept: "application/json, text/event-stream" };

describe("construction at module scope (no random values, timers or I/O)", () => {
  let handler: StreamableHttpHandler | undefined;
  afterEach(async () => {
    await handler?.close();
    handler = undefined;
  });

  it("the trap catches what workerd refuses", () => {
    expect(() => withTraps(() => crypto.getRandomValues(new Uint8Array(4)))).toThrow(
      "Disallowed operation called within global scope: crypto.getRandomValues",
    );
    expect(() => withTraps(() => setTimeout(() => {}, 1))).toThrow(
      "Disallowed operation called within global scope: setTimeout",
    );
    // Restored afterwards.
    expect(crypto.getRandomValues(new Uint8Array(4))).toHaveLength(4);
  });

  it("builds a Server, its handler and a Client with no trapped operation, then serves both eras", async () => {
    const built = withTraps(() => {
      const server = buildDefinition();
      const h = createStreamableHttpHandler({
        onSession: (t) => server.connect(t),
        onStateless: (t) => server.connect(t),
        jsonResponse: true,
      });
      new Client({ clientInfo: { name: "c", version: "1" } });
      return h;
    });
    handler = built;

    // Stateless era: a paginated list draws the cursor's secret on first use.
    const listBody = call(1, "tools/list");
    const listed = await built.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: headersFor(listBody),
        body: JSON.stringify(listBody),
      }),
    );
    expect(listed.status).toBe(200);
    const page = (await listed.json()) as { result: { tools: { name: string }[]; nextCursor?: string } };
    expect(page.result.tools.map((t) => t.name)).toEqual(["echo"]);
    expect(typeof page.result.nextCursor).toBe("string");
    const nextBody = call(2, "tools/list", { cursor: page.result.nextCursor });
    const next = await built.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: headersFor(nextBody),
        body: JSON.stringify(nextBody),
      }),
    );
    const second = (await next.json()) as { result: { tools: { name: string }[] } };
    expect(second.result.tools.map((t) => t.name)).toEqual(["second"]);

    // Session era: initialize opens a session (its id drawn now, not at construction).
    const init = await built.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "t", version: "1" },
          },
        }),
      }),
    );
    expect(init.status).toBe(200);
    expect(init.headers.get("mcp-session-id")).toMatch(/^[\x21-\x7e]+$/);
    expect(built.sessionCount).toBe(1);
  });
});
