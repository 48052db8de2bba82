import { describe, expect, it } from "vitest";
import type { Progress } from "../src/index.js";
import { initializedServer, sessionPair, statelessPair } from "./helpers/fixtures.js";
import { settle } from "./helpers/raw-peer.js";

describe("progress tokens on outbound requests", () => {
  it("are sent (the request id) with a callback or a progress-reset timeout, and not otherwise", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    connection.request("ping").catch(() => {});
    connection
      .request("ping", undefined, { resetTimeoutOnProgress: false, onProgress: () => {} })
      .catch(() => {});
    connection.request("ping", undefined, { resetTimeoutOnProgress: false }).catch(() => {});
    expect(await peer.drain()).toEqual([
      { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { progressToken: 1 } } },
      { jsonrpc: "2.0", id: 2, method: "ping", params: { _meta: { progressToken: 2 } } },
      { jsonrpc: "2.0", id: 3, method: "ping" },
    ]);
    await connection.close();
  });

  it("keep the caller's own _meta", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    connection.request("ping", { _meta: { trace: "abc" } }, { meta: { extra: true } }).catch(() => {});
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        method: "ping",
        params: { _meta: { extra: true, trace: "abc", progressToken: 1 } },
      },
    ]);
    await connection.close();
  });
});

describe("progress notifications", () => {
  it("reach the callback of the request they belong to", async () => {
    const { client, server } = await sessionPair();
    server.setRequestHandler("tools/call", async (params, ctx) => {
      const steps = params.name === "a" ? [1, 2] : [10];
      for (const step of steps)
        await ctx.sendProgress({ progress: step, total: 10, message: `${params.name} ${step}` });
      return { content: [] };
    });
    const a: Progress[] = [];
    const b: Progress[] = [];
    await Promise.all([
      client.request("tools/call", { name: "a" }, { onProgress: (p) => a.push(p) }),
      client.request("tools/call", { name: "b" }, { onProgress: (p) => b.push(p) }),
    ]);
    expect(a).toEqual([
      { progress: 1, total: 10, message: "a 1" },
      { progress: 2, total: 10, message: "a 2" },
    ]);
    expect(b).toEqual([{ progress: 10, total: 10, message: "b 10" }]);
  });

  it("drop reports that do not increase, and any after the request ended", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const seen: number[] = [];
    const asked = connection.request("roots/list", undefined, { onProgress: (p) => seen.push(p.progress) });
    const progress = (value: number) =>
      peer.send({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: 1, progress: value },
      });
    await peer.next();
    for (const value of [1, 1, 0.5, 2.5, 2, 3]) progress(value);
    await settle();
    peer.send({ jsonrpc: "2.0", id: 1, result: { roots: [] } });
    await asked;
    progress(4);
    // A token nobody issued, and one of the wrong type, change nothing either.
    peer.send({
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: "1", progress: 9 },
    });
    await settle();
    expect(seen).toEqual([1, 2.5, 3]);
    expect(await peer.drain()).toEqual([]);
  });

  it("are sent by a handler only with a token, only increasing, and only while it runs", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    let late: (() => Promise<void>) | undefined;
    connection.setRequestHandler("tools/call", async (_params, ctx) => {
      await ctx.sendProgress({ progress: 1 });
      await ctx.sendProgress({ progress: 1 });
      await ctx.sendProgress({ progress: 0 });
      await ctx.sendProgress({ progress: 2, total: 2 });
      late = () => ctx.sendProgress({ progress: 3 });
      return { content: [] };
    });
    await peer.drain();
    peer.send({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "x", _meta: { progressToken: "tok" } },
    });
    await settle();
    await late?.();
    expect(await peer.drain()).toEqual([
      { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "tok", progress: 1 } },
      {
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: "tok", progress: 2, total: 2 },
      },
      { jsonrpc: "2.0", id: 7, result: { content: [] } },
    ]);
    peer.send({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "no token" } });
    expect(await peer.drain()).toEqual([{ jsonrpc: "2.0", id: 8, result: { content: [] } }]);
  });

  it("flow from server to client in the stateless era", async () => {
    const { client, server } = await statelessPair();
    server.setRequestHandler("tools/call", async (_params, ctx) => {
      await ctx.sendProgress({ progress: 50, total: 100 });
      return { content: [] };
    });
    const seen: Progress[] = [];
    await client.request("tools/call", { name: "t" }, { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([{ progress: 50, total: 100 }]);
  });
});
