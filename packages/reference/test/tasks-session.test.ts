// The 2025-11-25 task fixtures (fixtures/tools/tasks-session.ts), driven by a real Client over an
// in-memory pair: what the tasks transcripts rely on.
import type { Client } from "@mcpkit/client";
import { createInMemoryPair } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { createEverythingServer } from "../src/server/definition.js";
import { recordingClient } from "./helpers/recording-client.js";

const RELATED = "io.modelcontextprotocol/related-task";
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connect(revision: "2025-06-18" | "2025-11-25"): Promise<Client> {
  const { server } = createEverythingServer({ requestStateSecret: "tasks-session-test-secret" });
  const [serverSide, clientSide] = createInMemoryPair();
  await server.connect(serverSide);
  const { client } = recordingClient(revision);
  await client.connect(clientSide);
  closers.push(
    () => client.close(),
    () => server.close(),
  );
  return client;
}

async function startTask(client: Client, name: string): Promise<string> {
  const created = (await client.request("tools/call", { name, arguments: {}, task: { ttl: 60_000 } })) as {
    task: { taskId: string; status: string };
  };
  expect(created.task.status).toBe("working");
  return created.task.taskId;
}

describe("session-era task fixtures", () => {
  it("declares tasks and lists each tool's taskSupport to 2025-11-25 clients only", async () => {
    const client = await connect("2025-11-25");
    expect((client.serverCapabilities as Record<string, unknown> | undefined)?.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const tools = await client.listTools();
    const support = Object.fromEntries(
      tools.filter((t) => t.name.startsWith("task_")).map((t) => [t.name, t.execution?.taskSupport ?? null]),
    );
    expect(support).toEqual({
      task_echo: "optional",
      task_required: "required",
      task_forbidden: "forbidden",
      task_gated: "optional",
      task_release: null,
      task_failing: "optional",
      task_error: "optional",
      task_progress: "optional",
      task_elicit: "optional",
    });
    const older = await connect("2025-06-18");
    expect((older.serverCapabilities as Record<string, unknown> | undefined)?.tasks).toBeUndefined();
    expect((await older.listTools()).some((t) => t.execution !== undefined)).toBe(false);
  });

  it("task_gated waits for task_release: tasks/result answers only after it", async () => {
    const client = await connect("2025-11-25");
    const taskId = await startTask(client, "task_gated");
    let settled = false;
    const result = client.request("tasks/result", { taskId }).finally(() => {
      settled = true;
    });
    expect(await client.request("tasks/get", { taskId })).toMatchObject({ taskId, status: "working" });
    expect(settled).toBe(false);
    expect(await client.callTool({ name: "task_release", arguments: {} })).toEqual({
      content: [{ type: "text", text: "Released" }],
    });
    expect(await result).toEqual({
      content: [{ type: "text", text: "Released" }],
      _meta: { [RELATED]: { taskId } },
    });
  });

  it("a release that comes before the gated call started is kept for it", async () => {
    const client = await connect("2025-11-25");
    await client.callTool({ name: "task_release", arguments: {} });
    expect(await client.callTool({ name: "task_gated", arguments: {} })).toEqual({
      content: [{ type: "text", text: "Released" }],
    });
  });

  it("task_failing and task_error end failed; tasks/result answers what the plain call answers", async () => {
    const client = await connect("2025-11-25");
    const failing = await startTask(client, "task_failing");
    expect(await client.request("tasks/result", { taskId: failing })).toEqual({
      content: [{ type: "text", text: "task_failing failed on purpose" }],
      isError: true,
      _meta: { [RELATED]: { taskId: failing } },
    });
    expect(await client.request("tasks/get", { taskId: failing })).toMatchObject({ status: "failed" });
    const erroring = await startTask(client, "task_error");
    await expect(client.request("tasks/result", { taskId: erroring })).rejects.toMatchObject({
      code: -32000,
      message: "task_error raised this JSON-RPC error on purpose",
    });
    await expect(client.callTool({ name: "task_error", arguments: {} })).rejects.toMatchObject({
      code: -32000,
      message: "task_error raised this JSON-RPC error on purpose",
    });
  });

  it("task_elicit asks through the client with the related-task _meta and greets the answer", async () => {
    const client = await connect("2025-11-25");
    const taskId = await startTask(client, "task_elicit");
    expect(await client.request("tasks/result", { taskId })).toEqual({
      content: [{ type: "text", text: "Hello, Alice!" }],
      _meta: { [RELATED]: { taskId } },
    });
  });

  it("task_progress reports progress for the task's progressToken, with the related-task _meta", async () => {
    const client = await connect("2025-11-25");
    const seen: Record<string, unknown>[] = [];
    client.on("progress", (params) => {
      seen.push({ ...params });
    });
    const created = (await client.request("tools/call", {
      name: "task_progress",
      arguments: {},
      task: {},
      _meta: { progressToken: "p-1" },
    })) as { task: { taskId: string } };
    const { taskId } = created.task;
    expect(await client.request("tasks/result", { taskId })).toMatchObject({
      content: [{ type: "text", text: "Progress done" }],
    });
    // The client sends a progress token of its own; both reports carry the one it sent.
    expect(new Set(seen.map((p) => p.progressToken)).size).toBe(1);
    expect(seen.map(({ progressToken: _token, ...rest }) => rest)).toEqual([
      { progress: 1, total: 2, message: "first half", _meta: { [RELATED]: { taskId } } },
      { progress: 2, total: 2, message: "second half", _meta: { [RELATED]: { taskId } } },
    ]);
  });

  it("required and forbidden are enforced with -32601", async () => {
    const client = await connect("2025-11-25");
    await expect(client.callTool({ name: "task_required", arguments: {} })).rejects.toMatchObject({
      code: -32601,
    });
    await expect(
      client.request("tools/call", { name: "task_forbidden", arguments: {}, task: {} }),
    ).rejects.toMatchObject({ code: -32601 });
    expect(await client.callTool({ name: "task_forbidden", arguments: {} })).toEqual({
      content: [{ type: "text", text: "Forbidden task done" }],
    });
  });
});
