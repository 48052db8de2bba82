import { describe, expect, it } from "vitest";
import { allRevisions, connect, newServer, plain, settle } from "./helpers.js";

describe("notifications/cancelled for a running tool call", () => {
  it.each(allRevisions)("aborts ctx.signal and sends no response for that id (%s)", async (revision) => {
    const server = newServer();
    let aborted = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    server.tool({ name: "wait", inputSchema: { type: "object" } }, async (_args, ctx) => {
      started();
      await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
      aborted = ctx.signal.aborted;
      return { content: [{ type: "text", text: "too late" }] };
    });
    server.tool({ name: "quick", inputSchema: { type: "object" } }, () => ({
      content: [{ type: "text", text: "done" }],
    }));
    const client = await connect(server, revision);
    client.peer.deliver({
      jsonrpc: "2.0",
      id: 5,
      method: "tools/call",
      params: client.params({ name: "wait" }),
    });
    await running;
    expect(aborted).toBe(false);
    client.peer.deliver({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 5, reason: "user gave up" },
    });
    await settle();
    expect(aborted).toBe(true);
    expect(await client.peer.drain()).toEqual([]);
    // The session goes on: the next call is answered, under its own id only.
    const { id, answer } = await client.request("tools/call", { name: "quick" });
    expect(answer.id).toBe(id);
    expect(plain(answer.result as Record<string, unknown>)).toEqual({
      content: [{ type: "text", text: "done" }],
    });
    expect(await client.peer.drain()).toEqual([]);
    await server.close();
  });
});
