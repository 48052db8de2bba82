import { describe, expect, it } from "vitest";
import { LocalError, SessionClientEra } from "../src/index.js";
import { clientInfo, initializedServer, sessionPair, statelessPair } from "./helpers/fixtures.js";
import { settle, withRawPeer } from "./helpers/raw-peer.js";

describe("cancelling an outbound request", () => {
  it("sends notifications/cancelled and rejects with LocalError('cancelled')", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const controller = new AbortController();
    const asked = connection.request("roots/list", undefined, { signal: controller.signal });
    expect(await peer.next()).toMatchObject({ id: 1, method: "roots/list" });
    controller.abort(new Error("user closed the dialog"));
    const error = await asked.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "cancelled",
      message: "Request roots/list (id 1) was cancelled: user closed the dialog",
    });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: 1, reason: "user closed the dialog" },
      },
    ]);
    // The late answer is ignored.
    peer.send({ jsonrpc: "2.0", id: 1, result: { roots: [] } });
    expect(await peer.drain()).toEqual([]);
  });

  it("sends nothing for a signal that is already aborted", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    await expect(
      connection.request("ping", undefined, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({
      code: "cancelled",
      message: "Request ping was cancelled before it was sent",
    });
    expect(await peer.drain()).toEqual([]);
  });

  it("never cancels initialize on the wire", async () => {
    const era = new SessionClientEra({ clientInfo });
    const { peer } = await withRawPeer({ era });
    const controller = new AbortController();
    const opened = era.initialize({ signal: controller.signal });
    await peer.next();
    controller.abort();
    await expect(opened).rejects.toMatchObject({ code: "cancelled" });
    expect(await peer.drain()).toEqual([]);
  });

  it("also cancels on the wire in the stateless era", async () => {
    const { client, server } = await statelessPair();
    let aborted: unknown;
    server.setRequestHandler(
      "tools/call",
      (_params, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener("abort", () => {
            aborted = ctx.signal.reason;
            reject(new Error("stopped"));
          });
        }),
    );
    const controller = new AbortController();
    const asked = client.request("tools/call", { name: "slow" }, { signal: controller.signal });
    await settle();
    controller.abort("enough");
    await expect(asked).rejects.toMatchObject({ code: "cancelled" });
    await settle();
    expect(aborted).toMatchObject({ code: "cancelled", message: "the peer cancelled request 1" });
    expect(server.diagnostics().inflightRequests).toBe(0);
  });
});

describe("receiving a cancellation", () => {
  it("aborts the handler's signal and sends no response", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    let signal: AbortSignal | undefined;
    let finish!: () => void;
    connection.setRequestHandler("tools/list", (_params, ctx) => {
      signal = ctx.signal;
      return new Promise((resolve) => (finish = () => resolve({ tools: [] })));
    });
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: "r1", method: "tools/list" });
    await settle();
    peer.send({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: "r1", reason: "no longer needed" },
    });
    await settle();
    expect(signal?.aborted).toBe(true);
    finish(); // A handler that ignores the signal still gets no answer sent.
    expect(await peer.drain()).toEqual([]);
    expect(connection.diagnostics().inflightRequests).toBe(0);
  });

  it("a handler that reads its signal only after the cancel sees it aborted, with the reason", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    let ctxOf: { readonly signal: AbortSignal } | undefined;
    let finish!: () => void;
    connection.setRequestHandler("tools/list", (_params, ctx) => {
      ctxOf = ctx; // the signal is not read yet
      return new Promise((resolve) => (finish = () => resolve({ tools: [] })));
    });
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: "r1", method: "tools/list" });
    await settle();
    peer.send({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: "r1", reason: "no longer needed" },
    });
    await settle();
    const signal = ctxOf?.signal;
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toMatchObject({ code: "cancelled", message: 'the peer cancelled request "r1"' });
    expect(ctxOf?.signal).toBe(signal);
    finish();
    expect(await peer.drain()).toEqual([]);
  });

  it("a signal read before the cancel fires its abort listeners on the cancel, once", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    const aborts: unknown[] = [];
    connection.setRequestHandler("tools/list", (_params, ctx) => {
      ctx.signal.addEventListener("abort", () => aborts.push(ctx.signal.reason));
      return new Promise(() => {});
    });
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    await settle();
    expect(aborts).toEqual([]);
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2 } });
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2 } });
    await settle();
    expect(aborts).toHaveLength(1);
    expect(aborts[0]).toMatchObject({ code: "cancelled" });
  });

  it("a handler's signal stays unaborted when the request completes normally, whenever it is read", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    const contexts: { readonly signal: AbortSignal }[] = [];
    connection.setRequestHandler("tools/list", (_params, ctx) => {
      contexts.push(ctx);
      return { tools: [] };
    });
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: 3, method: "tools/list" });
    expect(await peer.drain()).toEqual([{ jsonrpc: "2.0", id: 3, result: { tools: [] } }]);
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } });
    await settle();
    expect(contexts[0]?.signal.aborted).toBe(false);
  });

  it("ignores cancellations of requests it does not have", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    connection.setRequestHandler("tools/list", () => ({ tools: [] }));
    await peer.drain();
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 12345 } });
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(await peer.drain()).toEqual([{ jsonrpc: "2.0", id: 1, result: { tools: [] } }]);
    // A cancellation that arrives after the answer changes nothing.
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } });
    expect(await peer.drain()).toEqual([]);
    expect(connection.isClosed).toBe(false);
  });

  it("treats the transport's 'sender gone' signal as a cancellation", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    const sender = new AbortController();
    let handlerSignal: AbortSignal | undefined;
    connection.setRequestHandler("tools/list", (_params, ctx) => {
      handlerSignal = ctx.signal;
      return new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve({ tools: [] })));
    });
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" }, { signal: sender.signal });
    await settle();
    expect(connection.diagnostics().signalListeners).toBe(1);
    sender.abort();
    expect(await peer.drain()).toEqual([]);
    expect(handlerSignal?.aborted).toBe(true);
    expect(connection.diagnostics()).toEqual({
      pendingRequests: 0,
      inflightRequests: 0,
      activeTimers: 0,
      signalListeners: 0,
    });
  });

  it("cancels nested requests made on behalf of a cancelled one", async () => {
    const { client, server } = await sessionPair({ clientCapabilities: { roots: {} } });
    let nested: Promise<unknown> | undefined;
    client.setRequestHandler("roots/list", () => new Promise(() => {}));
    server.setRequestHandler("tools/call", (_params, ctx) => {
      nested = ctx.sendRequest("roots/list");
      return nested.then(() => ({ content: [] }));
    });
    const controller = new AbortController();
    const asked = client.request("tools/call", { name: "t" }, { signal: controller.signal });
    await settle();
    controller.abort();
    await expect(asked).rejects.toMatchObject({ code: "cancelled" });
    await settle();
    await expect(nested).rejects.toMatchObject({ code: "cancelled" });
    await settle();
    expect(client.diagnostics().inflightRequests).toBe(0);
  });
});
