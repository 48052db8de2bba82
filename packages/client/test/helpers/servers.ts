import {
  AdaptiveServerEra,
  type Capabilities,
  Connection,
  createInMemoryPair,
  type EraStrategy,
  ErrorCode,
  type JsonObject,
  McpError,
  type RequestContext,
  SessionServerEra,
  StatelessServerEra,
  type Transport,
} from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import { Client, type ClientOptions } from "../../src/index.js";

export const serverInfo = { name: "fixture-server", version: "1.2.3" };
export const clientInfo = { name: "test-client", version: "0.0.1" };

export const fullCapabilities: Capabilities = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
  logging: {},
  completions: {},
};

/** Three tools over two pages; `weather` declares an output schema. */
export const toolList = [
  { name: "echo", inputSchema: { type: "object" } },
  {
    name: "weather",
    inputSchema: { type: "object" },
    outputSchema: {
      type: "object",
      properties: { temperature: { type: "number" } },
      required: ["temperature"],
    },
  },
  { name: "slow", inputSchema: { type: "object" } },
];

function hints(ctx: RequestContext, ttlMs = 60_000): JsonObject {
  return ctx.era === "stateless" ? { ttlMs, cacheScope: "private" } : {};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the fixture server records, for assertions. */
export interface ServerLog {
  calls: { method: string; params: JsonObject }[];
  cancelled: unknown[];
}

/** Registers the fixture handlers (tools, resources, prompts, completion, logging) on a server connection. */
export function installFixtures(server: Connection, log: ServerLog): void {
  const record = (method: string) => (params: JsonObject) => log.calls.push({ method, params });
  server.setNotificationHandler("notifications/cancelled", (params) => {
    log.cancelled.push(params.requestId);
  });
  server.setRequestHandler("tools/list", (params, ctx) => {
    record("tools/list")(params);
    return params.cursor === "page-2"
      ? { tools: toolList.slice(2), ...hints(ctx) }
      : { tools: toolList.slice(0, 2), nextCursor: "page-2", ...hints(ctx) };
  });
  server.setRequestHandler("tools/call", async (params, ctx) => {
    record("tools/call")(params);
    const args = (params.arguments ?? {}) as JsonObject;
    switch (params.name) {
      case "echo":
        return { content: [{ type: "text", text: JSON.stringify(args) }] };
      case "weather":
        return {
          content: [{ type: "text", text: "{}" }],
          ...(args.omit
            ? {}
            : { structuredContent: args.bad ? { temperature: "warm" } : { temperature: 21.5 } }),
        };
      case "slow": {
        const steps = Number(args.steps ?? 3);
        for (let i = 1; i <= steps && !ctx.signal.aborted; i++) {
          await sleep(Number(args.stepMs ?? 10));
          await ctx.sendProgress({ progress: i, total: steps, message: `step ${i}` });
        }
        if (args.hang) await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve));
        return { content: [{ type: "text", text: "done" }] };
      }
      case "ask":
        return ask(ctx, args);
      default:
        return { content: [{ type: "text", text: `unknown tool ${String(params.name)}` }], isError: true };
    }
  });
  server.setRequestHandler("resources/list", (params, ctx) => {
    record("resources/list")(params);
    return { resources: [{ uri: "file:///a.txt", name: "a" }], ...hints(ctx) };
  });
  server.setRequestHandler("resources/templates/list", (params, ctx) => {
    record("resources/templates/list")(params);
    return { resourceTemplates: [{ uriTemplate: "file:///{name}", name: "files" }], ...hints(ctx) };
  });
  let reads = 0;
  server.setRequestHandler("resources/read", (params, ctx) => {
    record("resources/read")(params);
    reads++;
    return { contents: [{ uri: String(params.uri), text: `read ${reads}` }], ...hints(ctx, 50) };
  });
  server.setRequestHandler("resources/subscribe", (params) => {
    record("resources/subscribe")(params);
    return {};
  });
  server.setRequestHandler("resources/unsubscribe", (params) => {
    record("resources/unsubscribe")(params);
    return {};
  });
  server.setRequestHandler("prompts/list", (params, ctx) => {
    record("prompts/list")(params);
    return { prompts: [{ name: "greet", arguments: [{ name: "who" }] }], ...hints(ctx) };
  });
  server.setRequestHandler("prompts/get", (params) => {
    record("prompts/get")(params);
    const who = String((params.arguments as JsonObject | undefined)?.who ?? "world");
    return { messages: [{ role: "user", content: { type: "text", text: `hello ${who}` } }] };
  });
  server.setRequestHandler("completion/complete", (params) => {
    record("completion/complete")(params);
    return { completion: { values: ["alpha", "alps"], hasMore: false } };
  });
  server.setRequestHandler("logging/setLevel", (params) => {
    record("logging/setLevel")(params);
    return {};
  });
}

/** The `ask` tool: needs input of the kind `args.kind` (elicit/sample/roots), in either era. */
async function ask(ctx: RequestContext, args: JsonObject): Promise<JsonObject> {
  const kind = String(args.kind ?? "elicit");
  const request: JsonObject =
    kind === "sample"
      ? {
          method: "sampling/createMessage",
          params: { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10 },
        }
      : kind === "roots"
        ? { method: "roots/list", params: {} }
        : kind === "url"
          ? {
              method: "elicitation/create",
              params: {
                mode: "url",
                message: "Sign in",
                url: "https://example.com/auth",
                elicitationId: "e-1",
              },
            }
          : {
              method: "elicitation/create",
              params: {
                message: "Your name?",
                requestedSchema: {
                  type: "object",
                  properties: {
                    name: { type: "string", minLength: 1 },
                    age: { type: "integer", default: 30 },
                  },
                  required: ["name"],
                },
              },
            };
  if (ctx.era === "session") {
    const answer = await ctx.sendRequest(String(request.method), request.params as JsonObject);
    return { content: [{ type: "text", text: JSON.stringify(answer) }] };
  }
  const rounds = Number(args.rounds ?? 1);
  const round = Number((ctx.input?.state as { round?: number } | undefined)?.round ?? 0);
  const answer = ctx.input?.responses?.q;
  if (round < rounds && ctx.input) return ctx.input.inputRequired({ q: request }, { round: round + 1 });
  return { content: [{ type: "text", text: JSON.stringify(answer) }] };
}

export interface Fixture {
  transport: Transport;
  server: Connection;
  log: ServerLog;
}

/** A fixture server on one end of an in-memory pair; the other end is for the client. */
export async function serve(era: EraStrategy, setup?: (server: Connection) => void): Promise<Fixture> {
  const [clientSide, serverSide] = createInMemoryPair();
  const server = new Connection({ era });
  const log: ServerLog = { calls: [], cancelled: [] };
  installFixtures(server, log);
  setup?.(server);
  await server.connect(serverSide);
  return { transport: clientSide, server, log };
}

export function sessionServer(
  revisions?: readonly Revision[],
  capabilities: Capabilities = fullCapabilities,
) {
  return serve(new SessionServerEra({ serverInfo, capabilities, revisions, instructions: "Be kind." }));
}

export function statelessServer(capabilities: Capabilities = fullCapabilities) {
  return serve(
    new StatelessServerEra({
      serverInfo,
      capabilities,
      instructions: "Be stateless.",
      requestState: { secret: "a test secret of enough bytes" },
    }),
  );
}

export function adaptiveServer(capabilities: Capabilities = fullCapabilities) {
  return serve(
    new AdaptiveServerEra({
      serverInfo,
      capabilities,
      requestState: { secret: "a test secret of enough bytes" },
    }),
  );
}

/** The server of a revision: a session server pinned to it, or a stateless one. */
export function serverFor(revision: Revision, capabilities: Capabilities = fullCapabilities) {
  return revision === "2026-07-28" ? statelessServer(capabilities) : sessionServer([revision], capabilities);
}

/** A connected client (auto mode) and its fixture server. */
export async function connected(
  revision: Revision,
  options: Partial<ClientOptions> = {},
  capabilities?: Capabilities,
) {
  const fixture = await serverFor(revision, capabilities);
  const client = new Client({ clientInfo, validateOutbound: true, ...options });
  await client.connect(fixture.transport);
  return { client, ...fixture };
}

export const revisionsUnderTest: readonly Revision[] = [
  "2024-11-05",
  "2025-06-18",
  "2025-11-25",
  "2026-07-28",
];

export { ErrorCode, McpError, sleep };
