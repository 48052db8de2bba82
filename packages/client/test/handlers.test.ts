import type { Capabilities } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { Client, type ClientOptions } from "../src/index.js";
import { clientInfo, connected, revisionsUnderTest, sleep } from "./helpers/servers.js";

let current: Client | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});
async function setup(revision: (typeof revisionsUnderTest)[number], options: Partial<ClientOptions>) {
  const result = await connected(revision, options);
  current = result.client;
  return result;
}
function answerOf(result: { content: { type: string; text?: string }[] }): unknown {
  return JSON.parse(result.content[0]?.text ?? "null");
}

const sampling: ClientOptions["sampling"] = (params) => ({
  role: "assistant",
  content: { type: "text", text: `sampled ${params.maxTokens}` },
  model: "test-model",
});

describe("declared capabilities", () => {
  it("declares nothing without handlers", () => {
    expect(new Client({ clientInfo }).capabilities).toEqual({});
  });

  it("declares one capability per handler", () => {
    const client = new Client({
      clientInfo,
      sampling,
      samplingTools: true,
      roots: [],
      elicitation: { form: () => ({ action: "decline" }), url: () => ({ action: "decline" }) },
    });
    const expected: Capabilities = {
      sampling: { tools: {} },
      roots: { listChanged: true },
      elicitation: { form: {}, url: {} },
    };
    expect(client.capabilities).toEqual(expected);
  });
});

for (const revision of revisionsUnderTest) {
  const stateless = revision === "2026-07-28";
  describe(`server-to-client requests at ${revision}`, () => {
    it("sampling", async () => {
      const { client } = await setup(revision, { sampling });
      const result = await client.callTool({ name: "ask", arguments: { kind: "sample" } });
      expect(answerOf(result)).toMatchObject({
        role: "assistant",
        model: "test-model",
        content: { text: "sampled 10" },
      });
    });

    it("roots", async () => {
      const { client } = await setup(revision, { roots: () => [{ uri: "file:///work", name: "work" }] });
      const result = await client.callTool({ name: "ask", arguments: { kind: "roots" } });
      expect(answerOf(result)).toEqual({ roots: [{ uri: "file:///work", name: "work" }] });
    });

    it("without a handler, the capability is not declared and the server cannot ask", async () => {
      const { client } = await setup(revision, {});
      const error = await client
        .callTool({ name: "ask", arguments: { kind: "roots" } })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: "McpError" });
    });

    if (revision !== "2024-11-05") {
      it("form elicitation, validated against requestedSchema, with defaults applied", async () => {
        const { client } = await setup(revision, {
          elicitation: { form: () => ({ action: "accept", content: { name: "Ada" } }), applyDefaults: true },
        });
        const result = await client.callTool({ name: "ask", arguments: { kind: "elicit" } });
        expect(answerOf(result)).toEqual({ action: "accept", content: { name: "Ada", age: 30 } });
      });

      it("an answer that does not match requestedSchema is not sent", async () => {
        const errors: Error[] = [];
        const { client } = await setup(revision, {
          elicitation: { form: () => ({ action: "accept", content: { name: "" } }) },
          onError: (e) => errors.push(e),
        });
        const error = await client
          .callTool({ name: "ask", arguments: { kind: "elicit" } })
          .catch((e: unknown) => e);
        if (stateless)
          expect(error).toMatchObject({ name: "ClientError", code: "invalid_elicitation_answer" });
        else {
          expect(error).toMatchObject({ name: "McpError", code: -32603 });
          expect(errors.some((e) => /requestedSchema: \/name/.test(e.message))).toBe(true);
        }
      });
    }

    if (revision === "2025-11-25" || stateless) {
      it("URL elicitation", async () => {
        const seen: string[] = [];
        const { client } = await setup(revision, {
          elicitation: {
            url: (params) => {
              seen.push(params.url);
              return { action: "accept" };
            },
          },
        });
        const result = await client.callTool({ name: "ask", arguments: { kind: "url" } });
        expect(answerOf(result)).toEqual({ action: "accept" });
        expect(seen).toEqual(["https://example.com/auth"]);
      });
    }
  });
}

describe("session-era specifics", () => {
  it("answers the server's ping", async () => {
    const { server } = await setup("2025-06-18", {});
    await sleep(5);
    await expect(server.request("ping")).resolves.toEqual({});
  });

  it("setRoots sends notifications/roots/list_changed", async () => {
    const { client, server } = await setup("2025-11-25", { roots: [] });
    const changed = new Promise<void>((resolve) =>
      server.setNotificationHandler("notifications/roots/list_changed", () => resolve()),
    );
    await client.setRoots([{ uri: "file:///new" }]);
    await changed;
    await expect(server.request("roots/list")).resolves.toEqual({ roots: [{ uri: "file:///new" }] });
  });

  it("emits the URL elicitation completion notification", async () => {
    const { client, server } = await setup("2025-11-25", {
      elicitation: { url: () => ({ action: "accept" }) },
    });
    const done = new Promise((resolve) => client.on("elicitationComplete", resolve));
    await sleep(5);
    await server.notify("notifications/elicitation/complete", { elicitationId: "e-1" });
    await expect(done).resolves.toEqual({ elicitationId: "e-1" });
  });
});

describe("stateless input-required rounds", () => {
  it("answers several rounds, each a new request carrying the responses and state", async () => {
    const { client, log } = await setup("2026-07-28", { sampling });
    await client.callTool({ name: "ask", arguments: { kind: "sample", rounds: 3 } });
    const calls = log.calls.filter((c) => c.method === "tools/call");
    expect(calls).toHaveLength(4);
    expect(calls[0]?.params.inputResponses).toBeUndefined();
    expect(calls[3]?.params.inputResponses).toHaveProperty("q");
    expect(typeof calls[3]?.params.requestState).toBe("string");
  });

  it("stops after maxInputRounds", async () => {
    const { client } = await setup("2026-07-28", { sampling, maxInputRounds: 2 });
    await expect(
      client.callTool({ name: "ask", arguments: { kind: "sample", rounds: 5 } }),
    ).rejects.toMatchObject({
      code: "input_rounds_exceeded",
    });
  });
});
