import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LocalError, SessionClientEra } from "../src/index.js";
import { clientInfo, initializedServer } from "./helpers/fixtures.js";
import { settle, withRawPeer } from "./helpers/raw-peer.js";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Settles a promise into what it rejected with, or "pending". */
function watch(promise: Promise<unknown>): { readonly state: unknown } {
  const box: { state: unknown } = { state: "pending" };
  promise.then(
    (value) => (box.state = { value }),
    (error: unknown) => (box.state = error),
  );
  return box;
}

async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

describe("request timeouts", () => {
  it("default to 60 s, then cancel on the wire and reject with LocalError('timeout')", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const asked = watch(connection.request("ping"));
    await peer.drain();
    await advance(59_999);
    expect(asked.state).toBe("pending");
    await advance(1);
    expect(asked.state).toBeInstanceOf(LocalError);
    expect(asked.state).toMatchObject({
      code: "timeout",
      message: "Request ping (id 1) timed out: no answer within 60000 ms",
    });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: 1, reason: "timed out: no answer within 60000 ms" },
      },
    ]);
    expect(connection.diagnostics().activeTimers).toBe(0);
  });

  it("take the connection's default and each request's own", async () => {
    const { peer, connection } = await initializedServer("2025-11-25", { tools: {} }, { timeoutMs: 500 });
    await peer.drain();
    const byDefault = watch(connection.request("ping"));
    const own = watch(connection.request("ping", undefined, { timeoutMs: 200 }));
    await advance(200);
    expect(own.state).toMatchObject({ code: "timeout" });
    expect(byDefault.state).toBe("pending");
    await advance(300);
    expect(byDefault.state).toMatchObject({
      code: "timeout",
      message: "Request ping (id 1) timed out: no answer within 500 ms",
    });
  });

  it("restart on progress by default", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const asked = watch(connection.request("ping", undefined, { timeoutMs: 1000 }));
    await advance(900);
    peer.send({
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: 1, progress: 1 },
    });
    await advance(999);
    expect(asked.state).toBe("pending");
    await advance(1);
    expect(asked.state).toMatchObject({ code: "timeout" });
  });

  it("stop at the total cap, progress or not", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const asked = watch(connection.request("ping", undefined, { timeoutMs: 1000, maxTotalTimeoutMs: 2500 }));
    for (let step = 1; step <= 2; step++) {
      await advance(900);
      peer.send({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: 1, progress: step },
      });
    }
    // 1800 ms in: progress restarted the timeout, but only 700 ms of the cap remain.
    await advance(699);
    expect(asked.state).toBe("pending");
    await advance(1);
    expect(asked.state).toMatchObject({
      code: "timeout",
      message: "Request ping (id 1) timed out: exceeded the total limit of 2500 ms",
    });
  });

  it("ignore progress when asked to", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const seen: number[] = [];
    const asked = watch(
      connection.request("ping", undefined, {
        timeoutMs: 1000,
        resetTimeoutOnProgress: false,
        onProgress: (p) => seen.push(p.progress),
      }),
    );
    await advance(900);
    peer.send({
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: 1, progress: 1 },
    });
    await advance(100);
    expect(seen).toEqual([1]);
    expect(asked.state).toMatchObject({ code: "timeout" });
  });

  it("of initialize do not cancel it on the wire", async () => {
    const era = new SessionClientEra({ clientInfo });
    const { peer } = await withRawPeer({ era });
    const opened = watch(era.initialize({ timeoutMs: 100 }));
    await peer.next();
    await advance(100);
    expect(opened.state).toMatchObject({ code: "timeout" });
    expect(await peer.drain()).toEqual([]);
    expect(era.state).toBe("failed");
  });

  it("may be longer than a timer can wait (2^31-1 ms) or infinite", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const day = 86_400_000;
    const month = watch(
      connection.request("ping", undefined, { timeoutMs: 30 * day, maxTotalTimeoutMs: 60 * day }),
    );
    const forever = watch(
      connection.request("ping", undefined, {
        timeoutMs: Number.POSITIVE_INFINITY,
        maxTotalTimeoutMs: Number.POSITIVE_INFINITY,
      }),
    );
    await advance(25 * day);
    expect([month.state, forever.state]).toEqual(["pending", "pending"]);
    await advance(5 * day);
    expect(month.state).toMatchObject({ code: "timeout" });
    await advance(100 * day);
    expect(forever.state).toBe("pending");
    await connection.close();
    expect(forever.state).toMatchObject({ code: "connection_closed" });
  });

  it("must be positive", async () => {
    const { connection } = await initializedServer("2025-11-25");
    await expect(connection.request("ping", undefined, { timeoutMs: 0 })).rejects.toThrow(RangeError);
    await expect(connection.request("ping", undefined, { maxTotalTimeoutMs: Number.NaN })).rejects.toThrow(
      "timeouts must be positive numbers of ms (got 60000 and NaN)",
    );
  });

  it("are released when the answer comes", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const asked = connection.request("ping", undefined, { timeoutMs: 1000 });
    expect(connection.diagnostics().activeTimers).toBe(1);
    peer.send({ jsonrpc: "2.0", id: 1, result: {} });
    await asked;
    expect(connection.diagnostics().activeTimers).toBe(0);
    // The shared timer may run out later, unref'd: it cancels nothing and then is gone.
    expect(await peer.drain()).toMatchObject([{ jsonrpc: "2.0", id: 1, method: "ping" }]);
    await advance(1000);
    expect(await peer.drain()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
