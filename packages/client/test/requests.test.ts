import { LocalError } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import type { Client } from "../src/index.js";
import { connected, revisionsUnderTest } from "./helpers/servers.js";

let current: Client | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function setup(...args: Parameters<typeof connected>) {
  const result = await connected(...args);
  current = result.client;
  return result;
}

for (const revision of revisionsUnderTest) {
  const stateless = revision === "2026-07-28";
  describe(`every request at ${revision}`, () => {
    it("ping", async () => {
      const { client } = await setup(revision);
      if (stateless) await expect(client.ping()).rejects.toMatchObject({ code: "method_unavailable" });
      else await expect(client.ping()).resolves.toBeUndefined();
    });

    it("tools: list (two pages) and call", async () => {
      const { client, log } = await setup(revision);
      const tools = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["echo", "weather", "slow"]);
      expect(log.calls.filter((c) => c.method === "tools/list").map((c) => c.params.cursor)).toEqual([
        undefined,
        "page-2",
      ]);
      const result = await client.callTool({ name: "echo", arguments: { x: 1 } });
      expect(result.content).toEqual([{ type: "text", text: '{"x":1}' }]);
      if (stateless) expect(result.resultType).toBe("complete");
    });

    it("resources: list, templates, read", async () => {
      const { client } = await setup(revision);
      expect(await client.listResources()).toEqual([{ uri: "file:///a.txt", name: "a" }]);
      expect((await client.listResourceTemplates())[0]?.uriTemplate).toBe("file:///{name}");
      const read = await client.readResource("file:///a.txt");
      expect(read.contents[0]).toMatchObject({ uri: "file:///a.txt" });
    });

    it("resources: subscribe and unsubscribe (session era only)", async () => {
      const { client, log } = await setup(revision);
      if (stateless) {
        await expect(client.subscribeResource("file:///a.txt")).rejects.toMatchObject({
          code: "method_unavailable",
        });
        return;
      }
      await client.subscribeResource("file:///a.txt");
      await client.unsubscribeResource("file:///a.txt");
      expect(log.calls.map((c) => c.method)).toEqual(["resources/subscribe", "resources/unsubscribe"]);
    });

    it("prompts: list and get", async () => {
      const { client } = await setup(revision);
      expect((await client.listPrompts()).map((p) => p.name)).toEqual(["greet"]);
      const prompt = await client.getPrompt({ name: "greet", arguments: { who: "Ada" } });
      expect(prompt.messages[0]?.content).toEqual({ type: "text", text: "hello Ada" });
    });

    it("completion", async () => {
      const { client } = await setup(revision);
      const result = await client.complete({
        ref: { type: "ref/prompt", name: "greet" },
        argument: { name: "who", value: "al" },
      });
      expect(result.completion.values).toEqual(["alpha", "alps"]);
    });

    it("logging level", async () => {
      const { client, log } = await setup(revision);
      await client.setLoggingLevel("warning");
      if (!stateless) {
        expect(log.calls.at(-1)).toMatchObject({ method: "logging/setLevel", params: { level: "warning" } });
        return;
      }
      // 2026-07-28: the level rides in later requests' _meta.
      await client.listPrompts();
      const meta = log.calls.at(-1)?.params._meta as Record<string, unknown>;
      expect(meta["io.modelcontextprotocol/logLevel"]).toBe("warning");
    });

    it("discover (stateless era only)", async () => {
      const { client } = await setup(revision);
      if (stateless) expect((await client.discover()).supportedVersions).toContain("2026-07-28");
      else await expect(client.discover()).rejects.toMatchObject({ code: "method_unavailable" });
    });

    it("fails locally, before sending, when the server lacks a capability", async () => {
      const { client, log } = await setup(revision, {}, { tools: {} });
      for (const attempt of [client.listPrompts(), client.listResources(), client.getPrompt({ name: "x" })]) {
        const error = await attempt.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LocalError);
        expect((error as LocalError).code).toBe("capability_missing");
      }
      await expect(client.setLoggingLevel("info")).rejects.toMatchObject({ code: "capability_missing" });
      expect(log.calls).toEqual([]);
    });
  });
}

describe("completion in 2024-11-05 has no capability flag", () => {
  it("is sent even though the server declared no completions", async () => {
    const { client, log } = await setup("2024-11-05", {}, { prompts: {} });
    await client.complete({
      ref: { type: "ref/prompt", name: "greet" },
      argument: { name: "who", value: "a" },
    });
    expect(log.calls.map((c) => c.method)).toEqual(["completion/complete"]);
  });
});
