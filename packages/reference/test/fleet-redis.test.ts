import { Client, tasksExtension } from "@mcpkit/client";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedis } from "../../redis/test/redis-server.js";
import { parseServerArgs } from "../src/server/config.js";
import { type RunningServer, startServer } from "./helpers/processes.js";

describe("--redis and --secret", () => {
  it("parse, and are refused where they cannot work", () => {
    const config = parseServerArgs([
      "--http",
      "--redis",
      "redis://127.0.0.1:6379",
      "--secret",
      "s".repeat(16),
    ]);
    expect(config).toMatchObject({ redis: "redis://127.0.0.1:6379", secret: "s".repeat(16) });
    expect(parseServerArgs(["--http"], { MCPKIT_STATE_SECRET: "e".repeat(20) }).secret).toBe("e".repeat(20));
    expect(() => parseServerArgs(["--redis", "redis://127.0.0.1:6379"])).toThrow(
      "--redis needs --transport http",
    );
    expect(() => parseServerArgs(["--http", "--redis", "http://x"])).toThrow(
      '--redis must be a redis:// URL, not "http://x"',
    );
    expect(() => parseServerArgs(["--http", "--secret", "short"])).toThrow(
      "the secret must have at least 16 characters",
    );
  });
});

describe("everything-server processes started with the same --redis and --secret", () => {
  let redis: RedisServer;
  const servers: RunningServer[] = [];
  const clients: Client[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    const args = ["--http", "--redis", redis.url, "--secret", "a fleet secret of some length"];
    servers.push(await startServer(args), await startServer(args));
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    for (const server of servers.splice(0)) await server.stop();
    await redis?.close();
  });

  async function connect(url: string): Promise<Client> {
    const client = new Client({
      clientInfo: { name: "fleet", version: "1" },
      mode: "stateless",
      extensions: [tasksExtension()],
    });
    clients.push(client);
    await client.connect(new StreamableHttpClientTransport(url));
    return client;
  }

  it("serve one session-era session together: each request goes to the other process", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const urls = [a.url, b.url];
    let next = 0;
    const served: string[] = [];
    // Every request (POST, GET, DELETE) to the next process in turn, as a round-robin balancer would.
    const alternate: typeof fetch = (_input, init) => {
      const url = urls[next++ % urls.length] as string;
      served.push(url);
      return fetch(url, init);
    };
    const client = new Client({ clientInfo: { name: "fleet", version: "1" }, mode: "session" });
    clients.push(client);
    await client.connect(new StreamableHttpClientTransport(a.url, { fetch: alternate }));
    expect(client.revision).toBe("2025-11-25");
    for (let i = 0; i < 4; i++) {
      expect(await client.callTool({ name: "test_simple_text", arguments: {} })).toMatchObject({
        content: [{ type: "text", text: "This is a simple text response for testing." }],
      });
    }
    expect(new Set(served)).toEqual(new Set(urls));
  });

  it("form one fleet: a task started on one is read through the other", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const onA = await connect(a.url);
    const onB = await connect(b.url);
    const task = await onA.callTool(
      { name: "slow_compute", arguments: { seconds: 0, label: "shared" } },
      { task: {} },
    );
    const same = await onB.resumeTask(task.info.taskId);
    expect(await same.result()).toMatchObject({ content: [{ type: "text", text: "Computed shared in 0s" }] });
  });

  it("share the dynamic registrations: a tool added through one is listed by the other, and removed again", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const onA = await connect(a.url);
    const onB = await connect(b.url);
    // A fresh client each time: a 2026-07-28 client may keep a list it fetched.
    const names = async (url: string) => (await (await connect(url)).listTools()).map((tool) => tool.name);
    expect(await names(b.url)).not.toContain("test_dynamic_tool");
    expect(await onA.callTool({ name: "test_trigger_tool_change", arguments: {} })).toMatchObject({
      content: [{ type: "text", text: "test_dynamic_tool added" }],
    });
    expect(await names(b.url)).toContain("test_dynamic_tool");
    expect(await onB.callTool({ name: "test_dynamic_tool", arguments: {} })).toMatchObject({
      content: [{ type: "text", text: "The dynamic tool ran" }],
    });
    expect(await onB.callTool({ name: "test_trigger_tool_change", arguments: {} })).toMatchObject({
      content: [{ type: "text", text: "test_dynamic_tool removed" }],
    });
    expect(await names(a.url)).not.toContain("test_dynamic_tool");
  });

  it("share task_gated's gate: a call waiting on one process is released through the other", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    // task_release goes to b, every other request to a.
    const split: typeof fetch = (_input, init) =>
      fetch(String(init?.body ?? "").includes('"task_release"') ? b.url : a.url, init);
    const client = new Client({ clientInfo: { name: "fleet", version: "1" }, mode: "session" });
    clients.push(client);
    await client.connect(new StreamableHttpClientTransport(a.url, { fetch: split }));
    const gated = client.callTool({ name: "task_gated", arguments: {} });
    // A release that finds nothing waiting is kept for the next gated call: either way it ends.
    expect(await client.callTool({ name: "task_release", arguments: {} })).toMatchObject({
      content: [{ type: "text", text: "Released" }],
    });
    expect(await gated).toMatchObject({ content: [{ type: "text", text: "Released" }] });
    // Kept: a release through b before the call through a.
    expect(await client.callTool({ name: "task_release", arguments: {} })).toMatchObject({
      content: [{ type: "text", text: "Released" }],
    });
    expect(await client.callTool({ name: "task_gated", arguments: {} })).toMatchObject({
      content: [{ type: "text", text: "Released" }],
    });
  });
});
