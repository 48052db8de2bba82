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

  it.each(allRevisions)(
    "a handler that first reads ctx.signal after the cancel (destructuring it) sees it aborted (%s)",
    async (revision) => {
      const server = newServer();
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      let cancelled!: () => void;
      const cancel = new Promise<void>((resolve) => {
        cancelled = resolve;
      });
      let seen: { aborted: boolean; reason: unknown; progress: string } | undefined;
      server.tool({ name: "late", inputSchema: { type: "object" } }, async (_args, ctx) => {
        started();
        await cancel;
        const { signal, progress } = ctx;
        seen = { aborted: signal.aborted, reason: signal.reason, progress: typeof progress };
        return { content: [{ type: "text", text: "too late" }] };
      });
      const client = await connect(server, revision);
      client.peer.deliver({
        jsonrpc: "2.0",
        id: 6,
        method: "tools/call",
        params: client.params({ name: "late" }),
      });
      await running;
      client.peer.deliver({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: 6, reason: "user gave up" },
      });
      await settle();
      cancelled();
      await settle();
      expect(seen).toMatchObject({ aborted: true, reason: { code: "cancelled" }, progress: "function" });
      expect(await client.peer.drain()).toEqual([]);
      await server.close();
    },
  );
});
