import { MetaKey, missingClientCapability } from "@mcpkit/core";
import { Server } from "@mcpkit/server";
import type { StatelessHttpServerTransport } from "../src/index.js";
import type { ServeOptions, StreamableHttpServer } from "../src/node.js";
import { serveOnPath } from "./http-paths.js";
import { type PerTest, perTest } from "./per-test.js";
import { openSse, type SseReader, withTimeout } from "./helpers.js";

export const STATELESS = "2026-07-28";

/** The `_meta` envelope of a stateless request (any extra keys merged in). */
export function envelope(extra: Record<string, unknown> = {}, capabilities: object = { elicitation: {} }) {
  return {
    [MetaKey.protocolVersion]: STATELESS,
    [MetaKey.clientCapabilities]: capabilities,
    [MetaKey.clientInfo]: { name: "stateless-test", version: "1" },
    ...extra,
  };
}

/** A stateless request body: `params` gets the envelope unless it has its own `_meta`. */
export function call(id: string | number, method: string, params: Record<string, unknown> = {}) {
  return { jsonrpc: "2.0", id, method, params: { _meta: envelope(), ...params } };
}

/** The headers a conforming stateless client sends for `body` (override or drop with `headers`). */
export function headersFor(body: Record<string, unknown>, headers: Record<string, string | null> = {}) {
  const params = (body.params ?? {}) as Record<string, unknown>;
  const name = body.method === "resources/read" ? params.uri : params.name;
  const all: Record<string, string | null> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": STATELESS,
    "mcp-method": String(body.method),
    ...(typeof name === "string" ? { "mcp-name": name } : {}),
    ...headers,
  };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== null));
}

/** POSTs a stateless message with fetch (bounded). */
export function post(
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string | null> = {},
  signal?: AbortSignal,
): Promise<Response> {
  const init = { method: "POST", headers: headersFor(body, headers), body: JSON.stringify(body), signal };
  return withTimeout(fetch(url, init), 5000, `the answer to ${String(body.method)}`);
}

/** POSTs a stateless request and reads its SSE answer event by event. */
export function postSse(
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string | null> = {},
): Promise<SseReader> {
  return openSse(url, { method: "POST", headers: headersFor(body, headers), body: JSON.stringify(body) });
}

/** Parsed JSON as tests walk it. */
// biome-ignore lint/suspicious/noExplicitAny: assertions walk arbitrary JSON answers
export type Json = any;

/** The JSON body of an answer. */
export async function jsonOf(response: Response): Promise<Json> {
  return response.json();
}

/** The JSON messages of an SSE answer read to its end. */
export async function messagesOf(reader: SseReader): Promise<Json[]> {
  return (await reader.rest()).filter((e) => e.data !== "").map((e) => JSON.parse(e.data));
}

/** What the fixture's tools saw, for assertions. */
export interface Observed {
  /** Set when the `wait` tool's signal aborted. */
  waitAborted: Promise<void>;
  /** Set once the `wait` tool started. */
  waitStarted: Promise<void>;
  /** Lets every running `hold` call finish. */
  release(): void;
}

export interface StatelessFixture {
  readonly server: Server;
  readonly http: StreamableHttpServer;
  readonly url: string;
  readonly observed: Observed;
  /** The shared stateless transport, once the first stateless request made it. */
  readonly stateless: () => StatelessHttpServerTransport | undefined;
  close(): Promise<void>;
}

/**
 * A real @mcpkit/server definition on a node:http endpoint (127.0.0.1, port 0) serving both eras:
 * tools `echo` (text back), `progress` (two progress notifications and a log, then the result),
 * `needs_sampling` (-32021), `wait` (runs until its signal aborts), `hold` (runs until `observed.release()`), `ask_name` (elicits a name: an input_required round in
 * the stateless era); resource `file:///a`; prompt `hello`.
 */
export async function startFixture(options: Partial<ServeOptions> = {}): Promise<StatelessFixture> {
  const server = new Server({ name: "stateless-fixture", version: "1.0.0" });
  let started: () => void = () => {};
  let aborted: () => void = () => {};
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const observed: Observed = {
    waitStarted: new Promise((resolve) => {
      started = resolve;
    }),
    waitAborted: new Promise((resolve) => {
      aborted = resolve;
    }),
    release: () => release(),
  };
  const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });
  server.tool(
    { name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } } } },
    ({ text: value }) => text(String(value)),
  );
  server.tool({ name: "progress", inputSchema: { type: "object" } }, async (_args, ctx) => {
    await ctx.progress(1, 2, "half");
    await ctx.log("info", "working");
    await ctx.progress(2, 2, "done");
    return text("finished");
  });
  server.tool({ name: "wait", inputSchema: { type: "object" } }, async (_args, ctx) => {
    started();
    await new Promise<void>((resolve) => {
      ctx.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    aborted();
    return text("never sent");
  });
  // A tool that needs a capability no test client declares: core's -32021.
  server.tool({ name: "needs_sampling", inputSchema: { type: "object" } }, () => {
    throw missingClientCapability("sampling");
  });
  server.tool({ name: "hold", inputSchema: { type: "object" } }, async () => {
    await released;
    return text("held");
  });
  server.tool({ name: "ask_name", inputSchema: { type: "object" } }, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: "What is your name?",
      requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    });
    return text(`Hello, ${String(answer.content?.name)}!`);
  });
  server.resource({ uri: "file:///a", name: "a" }, (uri) => ({ contents: [{ uri, text: "a" }] }));
  server.prompt({ name: "hello" }, () => ({ messages: [] }));
  const connect = (transport: Parameters<Server["connect"]>[0]) => server.connect(transport).then(() => {});
  let stateless: StatelessHttpServerTransport | undefined;
  const http = await serveOnPath({
    onSession: connect,
    onStateless: (transport) => {
      stateless = transport;
      return connect(transport);
    },
    ...options,
  });
  return {
    server,
    http,
    url: http.url,
    observed,
    stateless: () => stateless,
    close: async () => {
      await server.close();
      await http.close();
    },
  };
}

/** For a test file (call it at its top level): starts fixtures, the last one closed after its test. */
export function fixturePerTest(): PerTest<StatelessFixture, Partial<ServeOptions>> {
  return perTest(startFixture, (fixture) => fixture.close());
}
