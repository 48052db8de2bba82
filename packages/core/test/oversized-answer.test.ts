import { describe, expect, it } from "vitest";
import { LocalError } from "../src/index.js";
import { reportingServer } from "./helpers/fixtures.js";

// A transport that drops an answer over its size limit says whose answer it was (`answersId`): the
// request fails at once, instead of at its timeout, and nothing else is disturbed.
describe("an answer too large for the transport", () => {
  const detail = "a message of 2000 bytes is over the limit of 1024 bytes (maxMessageBytes)";

  it("fails the request it answers at once with message_too_large naming the limit", async () => {
    const { peer, connection } = await reportingServer();
    const asked = connection.request("ping", undefined, { timeoutMs: 2_000 });
    const sent = (await peer.next()) as { id: number };
    peer.unreadable({ problem: "too_large", detail, answersId: sent.id });
    const error = await asked.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "message_too_large",
      message: `The answer to ping (id ${sent.id}) was dropped: ${detail}`,
    });
    expect(connection.diagnostics()).toMatchObject({ pendingRequests: 0, activeTimers: 0 });
  });

  it("still tells the peer, leaves other requests waiting, and keeps the connection serving", async () => {
    const { peer, connection } = await reportingServer();
    const first = connection.request("ping", undefined, { timeoutMs: 2_000 });
    const second = connection.request("ping");
    const [a, b] = (await peer.drain()) as { id: number }[];
    peer.unreadable({ problem: "too_large", detail, answersId: a?.id });
    await expect(first).rejects.toMatchObject({ code: "message_too_large" });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: `Invalid Request: message too large: ${detail}` },
    });
    expect(connection.diagnostics().pendingRequests).toBe(1);
    peer.send({ jsonrpc: "2.0", id: b?.id, result: {} });
    await expect(second).resolves.toEqual({});
    peer.send({ jsonrpc: "2.0", id: 9, method: "ping" });
    expect(await peer.next()).toEqual({ jsonrpc: "2.0", id: 9, result: {} });
  });

  it("fails nothing for an id that is not pending, nor for a frame that is not too large", async () => {
    const { peer, connection, reported } = await reportingServer();
    const asked = connection.request("ping");
    const sent = (await peer.next()) as { id: number };
    peer.unreadable({ problem: "too_large", detail, answersId: sent.id + 100 });
    peer.unreadable({ problem: "parse", detail: "invalid JSON", answersId: sent.id });
    expect(await peer.drain()).toHaveLength(2);
    expect(connection.diagnostics().pendingRequests).toBe(1);
    peer.send({ jsonrpc: "2.0", id: sent.id, result: {} });
    await expect(asked).resolves.toEqual({});
    expect(reported).toEqual([]);
  });
});
