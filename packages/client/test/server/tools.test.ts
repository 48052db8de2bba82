// Tools against @mcpkit/server, in every revision: listing (paginated), calls, content per revision,
// structured content, errors, progress and cancellation.
import { ErrorCode, LocalError, McpError } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { ClientError } from "../../src/index.js";
import { allRevisions, atLeast, connect, newServer, until } from "./setup.js";

const png = "iVBORw0KGgo=";
const wav = "UklGRg==";

function toolServer(): Server {
  const server = newServer({ pageSize: 2 });
  server.tool(
    {
      name: "add",
      inputSchema: {
        type: "object",
        properties: { a: { type: "number" }, b: { type: "number" } },
        required: ["a", "b"],
      },
    },
    (args) => ({ content: [{ type: "text", text: String(Number(args.a) + Number(args.b)) }] }),
  );
  server.tool({ name: "media", inputSchema: { type: "object" } }, () => ({
    content: [
      { type: "text", text: "all kinds" },
      { type: "image", data: png, mimeType: "image/png" },
      { type: "audio", data: wav, mimeType: "audio/wav" },
      { type: "resource_link", uri: "mem://linked", name: "linked" },
      { type: "resource", resource: { uri: "mem://embedded", mimeType: "text/plain", text: "inside" } },
    ],
  }));
  server.tool(
    {
      name: "divide",
      inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
      outputSchema: {
        type: "object",
        properties: { quotient: { type: "number" } },
        required: ["quotient"],
      },
    },
    (args) => {
      if (args.b === 0) throw new Error("division by zero");
      const quotient = Number(args.a) / Number(args.b);
      return { content: [{ type: "text", text: String(quotient) }], structuredContent: { quotient } };
    },
  );
  server.tool({ name: "failing", inputSchema: { type: "object" } }, () => ({
    content: [{ type: "text", text: "it went wrong" }],
    isError: true,
  }));
  server.tool({ name: "slow-progress", inputSchema: { type: "object" } }, async (_args, ctx) => {
    await ctx.progress(1, 3, "one");
    await ctx.progress(2, 3, "two");
    await ctx.progress(3, 3, "three");
    return { content: [{ type: "text", text: "done" }] };
  });
  return server;
}

const toolNames = ["add", "media", "divide", "failing", "slow-progress"];

describe.each(allRevisions)("tools at %s", (revision: Revision) => {
  it("lists every page of a paginated list", async () => {
    const client = await connect(toolServer(), revision);
    const first = await client.listToolsPage();
    expect(first.items.map((t) => t.name)).toEqual(["add", "media"]);
    expect(typeof first.nextCursor).toBe("string");
    const second = await client.listToolsPage(first.nextCursor);
    expect(second.items.map((t) => t.name)).toEqual(["divide", "failing"]);
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(toolNames);
    expect(tools[0]?.inputSchema).toEqual({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    });
    // 2024-11-05 and 2025-03-26 tools have no output schema.
    expect(tools[2]?.outputSchema).toEqual(
      atLeast(revision, "2025-06-18")
        ? { type: "object", properties: { quotient: { type: "number" } }, required: ["quotient"] }
        : undefined,
    );
  });

  it("a listing bounded by maxPages fails with too_many_pages and keeps what was fetched", async () => {
    const client = await connect(toolServer(), revision);
    const error = await client.listTools({ maxPages: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ code: "too_many_pages" });
    expect(((error as ClientError).data as { items: { name: string }[] }).items.map((t) => t.name)).toEqual([
      "add",
      "media",
      "divide",
      "failing",
    ]);
  });

  it("calls a tool with arguments", async () => {
    const client = await connect(toolServer(), revision);
    const result = await client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
    expect(result.content).toEqual([{ type: "text", text: "5" }]);
    expect(result.isError).toBeUndefined();
  });

  it("receives every content type the revision carries", async () => {
    const client = await connect(toolServer(), revision);
    const { content } = await client.callTool({ name: "media" });
    const audio = atLeast(revision, "2025-03-26")
      ? { type: "audio", data: wav, mimeType: "audio/wav" }
      : { type: "text", text: `[audio (audio/wav) omitted: not supported by revision ${revision}]` };
    const link = atLeast(revision, "2025-06-18")
      ? { type: "resource_link", uri: "mem://linked", name: "linked" }
      : { type: "text", text: "Resource: linked <mem://linked>" };
    expect(content).toEqual([
      { type: "text", text: "all kinds" },
      { type: "image", data: png, mimeType: "image/png" },
      audio,
      link,
      { type: "resource", resource: { uri: "mem://embedded", mimeType: "text/plain", text: "inside" } },
    ]);
  });

  it("structured content arrives where the revision has it, checked against the output schema", async () => {
    const client = await connect(toolServer(), revision);
    const result = await client.callTool({ name: "divide", arguments: { a: 6, b: 3 } });
    expect(result.content).toEqual([{ type: "text", text: "2" }]);
    expect(result.structuredContent).toEqual(atLeast(revision, "2025-06-18") ? { quotient: 2 } : undefined);
  });

  it.runIf(atLeast(revision, "2025-06-18"))(
    "structured content that does not match the listed output schema is refused by the client",
    async () => {
      const server = toolServer();
      const temp = server.tool(
        {
          name: "temp",
          inputSchema: { type: "object" },
          outputSchema: { type: "object", properties: { c: { type: "number" } }, required: ["c"] },
        },
        // Matches the schema it is updated to below, not the one typed here (`as never` past it).
        () => ({ content: [{ type: "text", text: "39F" }], structuredContent: { f: 39 } as never }),
      );
      const client = await connect(server, revision, { refreshOnListChanged: false });
      await client.listTools();
      // The server now serves (and checks) another schema; the client still holds the listed one.
      temp.update({
        outputSchema: { type: "object", properties: { f: { type: "number" } }, required: ["f"] },
      });
      const error = await client.callTool({ name: "temp" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ClientError);
      expect(error).toMatchObject({ code: "invalid_structured_content", data: { tool: "temp" } });
      // Without the check, the server's answer comes through.
      const result = await client.callTool({ name: "temp" }, { validateOutput: false });
      expect(result.structuredContent).toEqual({ f: 39 });
    },
  );

  it("a throwing handler and an isError result are isError results", async () => {
    const client = await connect(toolServer(), revision);
    const thrown = await client.callTool({ name: "divide", arguments: { a: 1, b: 0 } });
    expect(thrown.content).toEqual([{ type: "text", text: "division by zero" }]);
    expect(thrown.isError).toBe(true);
    expect(thrown.structuredContent).toBeUndefined();
    const failing = await client.callTool({ name: "failing" });
    expect(failing.content).toEqual([{ type: "text", text: "it went wrong" }]);
    expect(failing.isError).toBe(true);
  });

  it("an unknown tool is McpError -32602", async () => {
    const client = await connect(toolServer(), revision);
    const error = await client.callTool({ name: "nope" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "Unknown tool: nope",
      data: { name: "nope" },
    });
  });

  it("invalid arguments: -32602 before 2025-11-25, an isError result naming the field since", async () => {
    const client = await connect(toolServer(), revision);
    const outcome = await client.callTool({ name: "add", arguments: { a: 1 } }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    if (atLeast(revision, "2025-11-25")) {
      expect("result" in outcome && outcome.result.isError).toBe(true);
      const text = "result" in outcome ? (outcome.result.content[0] as { text: string }).text : "";
      expect(text).toContain("b");
    } else {
      expect("error" in outcome && outcome.error).toBeInstanceOf(McpError);
      expect("error" in outcome && outcome.error).toMatchObject({ code: ErrorCode.InvalidParams });
    }
  });

  it("progress reaches the callback and the progress event", async () => {
    const client = await connect(toolServer(), revision);
    const seen: unknown[] = [];
    const events: unknown[] = [];
    client.on("progress", ({ progress, total }) => events.push([progress, total]));
    const result = await client.callTool(
      { name: "slow-progress" },
      { onProgress: ({ progress, total, message }) => seen.push({ progress, total, message }) },
    );
    expect(result.content).toEqual([{ type: "text", text: "done" }]);
    // 2024-11-05 progress has no message.
    const message = (m: string) => (atLeast(revision, "2025-03-26") ? m : undefined);
    expect(seen).toEqual([
      { progress: 1, total: 3, message: message("one") },
      { progress: 2, total: 3, message: message("two") },
      { progress: 3, total: 3, message: message("three") },
    ]);
    expect(events).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("aborting the signal cancels the request and aborts the server handler's signal", async () => {
    const server = toolServer();
    let started = false;
    let aborted = false;
    server.tool({ name: "hang", inputSchema: { type: "object" } }, (_args, ctx) => {
      started = true;
      return new Promise((resolve) => {
        ctx.signal.addEventListener("abort", () => {
          aborted = true;
          resolve({ content: [{ type: "text", text: "late" }] });
        });
      });
    });
    const client = await connect(server, revision);
    const controller = new AbortController();
    const call = client.callTool({ name: "hang" }, { signal: controller.signal }).catch((e: unknown) => e);
    await until(() => started);
    controller.abort();
    const error = await call;
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({ code: "cancelled" });
    await until(() => aborted);
    expect(aborted).toBe(true);
    // The connection is still usable afterwards; the late answer was ignored.
    expect((await client.callTool({ name: "add", arguments: { a: 1, b: 1 } })).content).toEqual([
      { type: "text", text: "2" },
    ]);
  });
});
