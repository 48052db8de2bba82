// Server-to-client requests against @mcpkit/server: the server handler's ctx.sample(),
// ctx.listRoots() and ctx.elicit() reach the client's handlers (requests in the session era,
// input_required rounds answered automatically in 2026-07-28).
import { ErrorCode, McpError } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { ClientError, type ClientOptions, type ElicitRequestFormParams } from "../../src/index.js";
import { allRevisions, atLeast, connect, newServer, sessionRevisions, until } from "./setup.js";

const schema: ElicitRequestFormParams["requestedSchema"] = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 2 },
    age: { type: "integer", minimum: 0 },
    color: { type: "string", enum: ["red", "green"], default: "green" },
  },
  required: ["name"],
};

/** Tools whose handlers ask the client, and report the answers as JSON text. */
function askingServer(): { server: Server; runs: Record<string, number> } {
  const server = newServer();
  const runs: Record<string, number> = {};
  const count = (name: string) => {
    runs[name] = (runs[name] ?? 0) + 1;
  };
  const json = (value: unknown) => ({ content: [{ type: "text" as const, text: JSON.stringify(value) }] });
  server.tool({ name: "sample", inputSchema: { type: "object" } }, async (_args, ctx) => {
    count("sample");
    const answer = await ctx.sample({
      messages: [{ role: "user", content: { type: "text", text: "What is 2+2?" } }],
      maxTokens: 10,
      systemPrompt: "be brief",
    });
    return json(answer);
  });
  server.tool({ name: "roots", inputSchema: { type: "object" } }, async (_args, ctx) => {
    count("roots");
    return json(await ctx.listRoots());
  });
  server.tool({ name: "elicit", inputSchema: { type: "object" } }, async (_args, ctx) => {
    count("elicit");
    const answer = await ctx.elicit({ message: "Who are you?", requestedSchema: schema });
    return json(answer);
  });
  server.tool({ name: "everything", inputSchema: { type: "object" } }, async (_args, ctx) => {
    count("everything");
    const roots = await ctx.listRoots();
    const sampled = await ctx.sample({
      messages: [{ role: "user", content: { type: "text", text: "again" } }],
      maxTokens: 5,
    });
    return json({ roots: roots.roots.length, model: sampled.model });
  });
  return { server, runs };
}

function answerOf(result: { content: unknown[] }): unknown {
  return JSON.parse((result.content[0] as { text: string }).text);
}

const sampling: NonNullable<ClientOptions["sampling"]> = (params, ctx) => ({
  role: "assistant",
  content: {
    type: "text",
    text: `${(params.messages[0]?.content as { text?: string } | undefined)?.text} -> 4 (${params.systemPrompt ?? "-"}, ${params.maxTokens}, ${ctx.revision})`,
  },
  model: "test-model",
  stopReason: "endTurn",
});

describe.each(allRevisions)("server-to-client requests at %s", (revision: Revision) => {
  const stateless = revision === "2026-07-28";

  it("sampling: ctx.sample() is answered by the client's handler", async () => {
    const { server, runs } = askingServer();
    const client = await connect(server, revision, { sampling });
    const result = await client.callTool({ name: "sample" });
    expect(answerOf(result)).toEqual({
      role: "assistant",
      content: { type: "text", text: `What is 2+2? -> 4 (be brief, 10, ${revision})` },
      model: "test-model",
      stopReason: "endTurn",
    });
    // Stateless: the handler ran once to ask and once more with the answer.
    expect(runs.sample).toBe(stateless ? 2 : 1);
  });

  it("roots: ctx.listRoots() is answered from the client's roots, and setRoots changes them", async () => {
    const { server } = askingServer();
    const client = await connect(server, revision, { roots: [{ uri: "file:///work", name: "work" }] });
    expect(answerOf(await client.callTool({ name: "roots" }))).toEqual({
      roots: [{ uri: "file:///work", name: "work" }],
    });
    await client.setRoots(() => [{ uri: "file:///a" }, { uri: "file:///b", name: "b" }]);
    expect(answerOf(await client.callTool({ name: "roots" }))).toEqual({
      roots: [{ uri: "file:///a" }, { uri: "file:///b", name: "b" }],
    });
  });

  it("several questions in one call are all answered", async () => {
    const { server, runs } = askingServer();
    const client = await connect(server, revision, { sampling, roots: [{ uri: "file:///w" }] });
    expect(answerOf(await client.callTool({ name: "everything" }))).toEqual({
      roots: 1,
      model: "test-model",
    });
    expect(runs.everything).toBe(stateless ? 3 : 1);
  });

  it("without a handler the client declares nothing and the server's ctx refuses to ask", async () => {
    const { server, runs } = askingServer();
    const client = await connect(server, revision);
    if (revision === "2026-07-28") {
      // Stateless era: the request's envelope lacked the capability, answered with -32021.
      await expect(client.callTool({ name: "roots" })).rejects.toMatchObject({
        code: -32021,
        message: "Missing required client capability: roots",
        data: { requiredCapabilities: { roots: {} } },
      });
      expect(runs.roots).toBe(1);
      return;
    }
    const result = await client.callTool({ name: "roots" });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toBe(
      'the client did not declare the "roots" capability, so roots/list cannot be sent to it',
    );
    expect(runs.roots).toBe(1);
  });

  it.runIf(atLeast(revision, "2025-06-18"))(
    "form elicitation: an accepted answer, with defaults applied",
    async () => {
      const { server } = askingServer();
      const seen: unknown[] = [];
      const client = await connect(server, revision, {
        elicitation: {
          form: (params) => {
            seen.push({ message: params.message, requestedSchema: params.requestedSchema });
            return { action: "accept", content: { name: "Ada", age: 36 } };
          },
          applyDefaults: true,
        },
      });
      expect(answerOf(await client.callTool({ name: "elicit" }))).toEqual({
        action: "accept",
        content: { name: "Ada", age: 36, color: "green" },
      });
      expect(seen).toEqual([{ message: "Who are you?", requestedSchema: schema }]);
    },
  );

  it.runIf(atLeast(revision, "2025-06-18"))("form elicitation: decline and cancel pass through", async () => {
    const { server } = askingServer();
    const actions: ("decline" | "cancel")[] = ["decline", "cancel"];
    const client = await connect(server, revision, {
      elicitation: { form: () => ({ action: actions.shift() ?? "cancel" }) },
    });
    expect(answerOf(await client.callTool({ name: "elicit" }))).toEqual({ action: "decline" });
    expect(answerOf(await client.callTool({ name: "elicit" }))).toEqual({ action: "cancel" });
  });

  it.runIf(atLeast(revision, "2025-06-18"))(
    "form elicitation: an answer that breaks requestedSchema is not sent",
    async () => {
      const { server } = askingServer();
      const errors: Error[] = [];
      const client = await connect(server, revision, {
        elicitation: { form: () => ({ action: "accept", content: { name: "A", age: -1 } }) },
        onError: (error) => errors.push(error),
      });
      const outcome = await client.callTool({ name: "elicit" }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      if (stateless) {
        // The round is answered here: the call itself fails, nothing is retried.
        expect("error" in outcome && outcome.error).toBeInstanceOf(ClientError);
        expect("error" in outcome && outcome.error).toMatchObject({
          code: "invalid_elicitation_answer",
          message:
            "The elicitation answer does not match requestedSchema: /name must have at least 2 characters",
        });
      } else {
        // The client answers the server's request with -32603; ctx.elicit() throws that McpError, which
        // the server's tool passes on as a protocol error. The reason is reported locally.
        expect("error" in outcome && outcome.error).toBeInstanceOf(McpError);
        expect("error" in outcome && outcome.error).toMatchObject({ code: ErrorCode.InternalError });
        expect(errors.map((e) => e.message)).toContain(
          "The elicitation answer does not match requestedSchema: /name must have at least 2 characters",
        );
      }
    },
  );

  it.runIf(!atLeast(revision, "2025-06-18"))(
    "elicitation is not part of the revision: the server refuses to ask",
    async () => {
      const { server } = askingServer();
      const client = await connect(server, revision, {
        elicitation: { form: () => ({ action: "accept", content: { name: "Ada" } }) },
      });
      const result = await client.callTool({ name: "elicit" });
      expect(result.isError).toBe(true);
      expect((result.content[0] as { text: string }).text).toBe(
        `elicitation/create is not part of revision ${revision}`,
      );
    },
  );
});

describe.each(sessionRevisions)("roots list changes at %s", (revision: Revision) => {
  it("setRoots sends notifications/roots/list_changed to the server's handler", async () => {
    const { server } = askingServer();
    const notified: Revision[] = [];
    server.setNotificationHandler("notifications/roots/list_changed", (_params, ctx) => {
      notified.push(ctx.revision);
    });
    const client = await connect(server, revision, { roots: [] });
    await client.setRoots([{ uri: "file:///new" }]);
    await until(() => notified.length === 1);
    expect(notified).toEqual([revision]);
    expect(answerOf(await client.callTool({ name: "roots" }))).toEqual({ roots: [{ uri: "file:///new" }] });
  });
});

describe("roots at 2026-07-28", () => {
  it("setRoots sends nothing (no session to notify); the next round sees the new roots", async () => {
    const { server } = askingServer();
    let notified = 0;
    server.setNotificationHandler("notifications/roots/list_changed", () => {
      notified++;
    });
    const client = await connect(server, "2026-07-28", { roots: [] });
    await client.setRoots([{ uri: "file:///new" }]);
    expect(answerOf(await client.callTool({ name: "roots" }))).toEqual({ roots: [{ uri: "file:///new" }] });
    expect(notified).toBe(0);
  });

  it("input rounds are bounded by maxInputRounds", async () => {
    const { server } = askingServer();
    const client = await connect(server, "2026-07-28", {
      sampling,
      roots: [],
      maxInputRounds: 2,
    });
    // "everything" needs three requests: two rounds of questions, then the answer.
    await expect(client.callTool({ name: "everything" })).rejects.toMatchObject({
      code: "input_rounds_exceeded",
    });
  });
});

describe("errors from the client's handlers", () => {
  it("a sampling handler's McpError reaches the server's ctx.sample(), and the caller through the tool (session era)", async () => {
    const { server } = askingServer();
    const client = await connect(server, "2025-06-18", {
      sampling: () => {
        throw new McpError(ErrorCode.InvalidRequest, "user rejected sampling");
      },
    });
    const error = await client.callTool({ name: "sample" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: ErrorCode.InvalidRequest, message: "user rejected sampling" });
  });
});

describe.each(["2025-11-25", "2026-07-28"] as const)("sampling with tools at %s", (revision) => {
  const weather = {
    name: "weather",
    description: "Weather of a city",
    inputSchema: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
  };

  function toolSampler(): Server {
    const server = newServer();
    server.tool({ name: "plan", inputSchema: { type: "object" } }, async (_args, ctx) => {
      const answer = await ctx.sample({
        messages: [{ role: "user", content: { type: "text", text: "Weather in Oslo?" } }],
        maxTokens: 20,
        tools: [weather],
        toolChoice: { mode: "auto" },
      });
      return { content: [{ type: "text", text: JSON.stringify(answer) }] };
    });
    return server;
  }

  it("tools and toolChoice reach a client that declared sampling.tools", async () => {
    const seen: unknown[] = [];
    const client = await connect(toolSampler(), revision, {
      samplingTools: true,
      sampling: (params) => {
        seen.push({ tools: params.tools, toolChoice: params.toolChoice });
        return {
          role: "assistant",
          content: { type: "tool_use", id: "call-1", name: "weather", input: { city: "Oslo" } },
          model: "m",
          stopReason: "toolUse",
        };
      },
    });
    expect(answerOf(await client.callTool({ name: "plan" }))).toEqual({
      role: "assistant",
      content: { type: "tool_use", id: "call-1", name: "weather", input: { city: "Oslo" } },
      model: "m",
      stopReason: "toolUse",
    });
    expect(seen.at(-1)).toEqual({ tools: [weather], toolChoice: { mode: "auto" } });
  });

  it("without samplingTools the server does not send tools", async () => {
    const client = await connect(toolSampler(), revision, { sampling });
    if (revision === "2026-07-28") {
      await expect(client.callTool({ name: "plan" })).rejects.toMatchObject({
        code: -32021,
        message: "Missing required client capability: sampling.tools",
      });
      return;
    }
    const result = await client.callTool({ name: "plan" });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toBe(
      'the client did not declare the "sampling.tools" capability, so sampling/createMessage cannot be sent to it',
    );
  });
});
