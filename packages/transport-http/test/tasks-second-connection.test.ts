// A task outlives the HTTP request and the connection that created it: over real Streamable HTTP
// on 127.0.0.1 with bearer authentication, one Client creates the task and closes, a second Client
// (a new connection; in the session era a new session) of the same auth subject resumes it and gets
// its result, or cancels it, which reaches the handler's signal. Another subject cannot reach it.
import { Client, type ClientOptions, McpError, tasksExtension as clientTasks } from "@mcpkit/client";
import { AuthenticationError, type AuthInfo, type Authenticate, type ClientAuthProvider } from "@mcpkit/core";
import { Server, type ToolResult, tasksExtension } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { closedAfterEach, deferred } from "./task-helpers.js";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { serveStreamableHttp } from "../src/node.js";

const TOKENS: Record<string, AuthInfo> = {
  "alice-token": { token: "alice-token", subject: "alice", clientId: "app", scopes: [] },
  "bob-token": { token: "bob-token", subject: "bob", clientId: "app", scopes: [] },
};

const authenticate: Authenticate = (request) => {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? "");
  const known = match ? TOKENS[match[1] as string] : undefined;
  if (!known) throw new AuthenticationError(401, "invalid_token", "no valid bearer token");
  return known;
};

function bearer(token: string): ClientAuthProvider {
  return {
    headers: () => ({ authorization: `Bearer ${token}` }),
    onChallenge: () => {
      throw new Error("the test tokens are never refused");
    },
  };
}

const open = closedAfterEach();

async function serve() {
  const gate = deferred<ToolResult>();
  const started = deferred<AbortSignal>();
  const server = new Server(
    { name: "tasks-second-connection", version: "1.0.0" },
    { tasks: { pollIntervalMs: 10 }, extensions: [tasksExtension()] },
  );
  server.tool(
    { name: "job", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    (_args, ctx) => {
      started.resolve(ctx.signal);
      return gate.promise;
    },
  );
  const http = await serveStreamableHttp({
    host: "127.0.0.1",
    authenticate,
    onSession: (transport) => void server.connect(transport),
    onStateless: (transport) => void server.connect(transport),
  });
  open.push(server, http);
  const connect = async (revision: Revision, token: string) => {
    const client = new Client({
      clientInfo: { name: `client-of-${token}`, version: "1.0.0" },
      revision,
      timeoutMs: 5000,
      extensions: [clientTasks()],
    });
    open.unshift(client);
    await client.connect(new StreamableHttpClientTransport(http.url, { authProvider: bearer(token) }));
    return client;
  };
  return { connect, gate, started: started.promise };
}

type Revision = NonNullable<ClientOptions["revision"]>;

const ERAS: readonly [string, Revision][] = [
  ["session era (2025-11-25)", "2025-11-25"],
  ["stateless era (2026-07-28)", "2026-07-28"],
];

describe.each(ERAS)("a task reached through another connection, %s", (_era, revision) => {
  it("a second Client of the same subject resumes the task after the first closed, and gets its result", async () => {
    const { connect, gate, started } = await serve();
    const first = await connect(revision, "alice-token");
    const task = await first.callTool({ name: "job", arguments: {} }, { task: { ttlMs: 60_000 } });
    expect(task.taskId).not.toBe("");
    expect(task.info.status).toBe("working");
    await started;
    // The request that created the task has been answered, and its client (connection) is gone.
    await first.close();

    const second = await connect(revision, "alice-token");
    const resumed = await second.resumeTask(task.taskId);
    expect(resumed.info).toMatchObject({ taskId: task.taskId, status: "working" });
    const outcome = resumed.result();
    gate.resolve({ content: [{ type: "text", text: "finished after its connection closed" }] });
    // A stateless-era result keeps its resultType, as a plain call's does.
    expect(await outcome).toEqual({
      content: [{ type: "text", text: "finished after its connection closed" }],
      ...(revision === "2026-07-28" ? { resultType: "complete" } : {}),
    });
    expect(resumed.info.status).toBe("completed");
  });

  it("another subject cannot reach the task: -32602 through its own connection", async () => {
    const { connect, gate, started } = await serve();
    const alice = await connect(revision, "alice-token");
    const task = await alice.callTool({ name: "job", arguments: {} }, { task: {} });
    await started;
    const bob = await connect(revision, "bob-token");
    const refused = await bob.resumeTask(task.taskId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(-32602);
    gate.resolve({ content: [] });
  });

  it("tasks/cancel from the second connection reaches the handler's signal", async () => {
    const { connect, started } = await serve();
    const first = await connect(revision, "alice-token");
    const task = await first.callTool({ name: "job", arguments: {} }, { task: {} });
    const signal = await started;
    expect(signal.aborted).toBe(false);
    await first.close();

    const second = await connect(revision, "alice-token");
    const resumed = await second.resumeTask(task.taskId);
    const after = await resumed.cancel();
    expect(after.status).toBe("cancelled");
    expect(signal.aborted).toBe(true);
  });
});
