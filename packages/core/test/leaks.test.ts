import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { McpError, type Progress } from "../src/index.js";
import { sessionPair } from "./helpers/fixtures.js";
import { settle } from "./helpers/raw-peer.js";

// A real collector, so a retained callback or signal shows up as a WeakRef that never clears.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** How many of the referents are still alive after collecting, trying a bounded number of times. */
async function survivors(refs: readonly WeakRef<object>[]): Promise<number> {
  let alive = refs.length;
  // WeakRefs are kept alive until the current job ends, and in-flight work may still hold its last
  // objects for a turn or two: collect across turns.
  for (let round = 0; round < 10 && alive > 0; round++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    gc();
    alive = refs.filter((ref) => ref.deref() !== undefined).length;
  }
  return alive;
}

const idle = { pendingRequests: 0, inflightRequests: 0, activeTimers: 0, signalListeners: 0 };

describe("no leaks", () => {
  it("releases timers, listeners and entries after many requests of every outcome", async () => {
    const { client, server } = await sessionPair();
    server.setRequestHandler("tools/call", async (params, ctx) => {
      await ctx.sendProgress({ progress: 1 });
      if (params.name === "fail") throw new McpError(-32000, "failed");
      if (params.name === "crash") throw new Error("crash");
      if (params.name === "hang") return new Promise(() => {});
      if (params.name === "slow")
        return new Promise((resolve) => setTimeout(() => resolve({ content: [] }), 30));
      return { content: [] };
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 2000 }, (_, i) => {
        const kind = ["ok", "fail", "crash", "abort", "timeout", "ok"][i % 6] as string;
        const controller = new AbortController();
        const request = client.request(
          "tools/call",
          { name: kind === "abort" ? "hang" : kind === "timeout" ? "slow" : kind },
          { signal: controller.signal, onProgress: () => {}, timeoutMs: kind === "timeout" ? 10 : 5_000 },
        );
        if (kind === "abort") queueMicrotask(() => controller.abort());
        return request;
      }),
    );
    const count = (status: string) => outcomes.filter((o) => o.status === status).length;
    expect([count("fulfilled"), count("rejected")]).toEqual([667, 1333]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await settle();
    expect(client.diagnostics()).toEqual(idle);
    // Handlers that ignore cancellation ("hang") are forgotten, not kept.
    expect(server.diagnostics()).toEqual(idle);
  });

  it("lets callbacks and signals of finished requests be collected", async () => {
    const { client, server } = await sessionPair();
    server.setRequestHandler("tools/call", async (params) => {
      if (params.name === "hang") return new Promise(() => {});
      return { content: [] };
    });
    // One long-lived signal shared by many requests must not collect their listeners.
    const shared = new AbortController();
    // Made in a function that returns: a suspended frame could otherwise hold the last ones.
    const refs = await (async () => {
      const made: WeakRef<object>[] = [];
      const requests: Promise<unknown>[] = [];
      for (let i = 0; i < 200; i++) {
        const own = new AbortController();
        const onProgress = (_p: Progress) => {};
        made.push(new WeakRef(onProgress), new WeakRef(own));
        const name = i % 2 === 0 ? "ok" : "hang";
        const signal = name === "ok" ? shared.signal : own.signal;
        requests.push(client.request("tools/call", { name }, { signal, onProgress }).catch(() => {}));
        if (name === "hang") setTimeout(() => own.abort(), 0);
      }
      await Promise.all(requests);
      return made;
    })();
    expect(await survivors(refs)).toBe(0);
    expect(client.diagnostics()).toEqual(idle);
  });

  it("releases everything when the connection closes with work outstanding", async () => {
    const { client, server } = await sessionPair();
    server.setRequestHandler("tools/call", () => new Promise(() => {}));
    const { refs, settled } = (() => {
      const made: WeakRef<object>[] = [];
      const requests: Promise<unknown>[] = [];
      for (let i = 0; i < 100; i++) {
        const onProgress = () => {};
        made.push(new WeakRef(onProgress));
        requests.push(client.request("tools/call", { name: "t" }, { onProgress }).catch(() => {}));
      }
      return { refs: made, settled: Promise.all(requests).then(() => {}) };
    })();
    await settle();
    expect(client.diagnostics().pendingRequests).toBe(100);
    expect(server.diagnostics().inflightRequests).toBe(100);
    await client.close();
    await settled;
    await server.closed;
    expect(client.diagnostics()).toEqual(idle);
    expect(server.diagnostics()).toEqual(idle);
    expect(await survivors(refs)).toBe(0);
  });
});
