import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { sessionPair } from "./helpers/fixtures.js";
import { settle } from "./helpers/raw-peer.js";

// Node warns (MaxListenersExceededWarning) when an EventTarget gets more than ten listeners for one
// event: a signal shared by many concurrent requests must carry one listener, not one per request.
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
});

describe("a signal shared by many requests", () => {
  it("gets one abort listener, cancels every request when it aborts, and is released after", async () => {
    process.on("warning", onWarning);
    const { client, server } = await sessionPair();
    server.setRequestHandler("tools/call", () => new Promise(() => {}));
    const shared = new AbortController();
    const requests = Array.from({ length: 50 }, (_, i) =>
      client.request("tools/call", { name: `t${i}` }, { signal: shared.signal }).then(
        () => "answered",
        (error: { code?: string }) => error.code,
      ),
    );
    await settle();
    expect(client.diagnostics()).toMatchObject({ pendingRequests: 50, signalListeners: 1 });
    expect(getEventListeners(shared.signal, "abort")).toHaveLength(1);
    shared.abort("shutting down");
    expect(await Promise.all(requests)).toEqual(Array.from({ length: 50 }, () => "cancelled"));
    expect(getEventListeners(shared.signal, "abort")).toHaveLength(0);
    expect(client.diagnostics()).toMatchObject({ pendingRequests: 0, signalListeners: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([]);
  });

  it("loses its listener once the last request using it is answered, and keeps cancelling the rest", async () => {
    const { client, server } = await sessionPair();
    server.setRequestHandler("tools/call", (params) =>
      params.name === "hang" ? new Promise(() => {}) : { content: [] },
    );
    const shared = new AbortController();
    const quick = Array.from({ length: 20 }, () =>
      client.request("tools/call", { name: "ok" }, { signal: shared.signal }),
    );
    const hanging = client.request("tools/call", { name: "hang" }, { signal: shared.signal });
    await Promise.all(quick);
    expect(getEventListeners(shared.signal, "abort")).toHaveLength(1);
    shared.abort();
    await expect(hanging).rejects.toMatchObject({ code: "cancelled" });
    expect(getEventListeners(shared.signal, "abort")).toHaveLength(0);

    const again = new AbortController();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        client.request("tools/call", { name: "ok" }, { signal: again.signal }),
      ),
    );
    expect(getEventListeners(again.signal, "abort")).toHaveLength(0);
    expect(client.diagnostics().signalListeners).toBe(0);
  });
});
