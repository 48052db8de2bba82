import { describe, expect, it } from "vitest";
import { initializedServer } from "./helpers/fixtures.js";

describe("request ids", () => {
  it("are unique per connection and never reused, whatever happened to earlier requests", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    const ids: unknown[] = [];
    const first = connection.request("ping");
    ids.push(((await peer.next()) as { id: unknown }).id);
    peer.send({ jsonrpc: "2.0", id: ids[0], error: { code: -32000, message: "refused" } });
    await expect(first).rejects.toMatchObject({ name: "McpError", code: -32000, message: "refused" });

    const controller = new AbortController();
    const second = connection.request("ping", undefined, { signal: controller.signal });
    ids.push(((await peer.next()) as { id: unknown }).id);
    controller.abort();
    await expect(second).rejects.toMatchObject({ code: "cancelled" });
    await peer.next(); // the cancellation

    // A request refused locally (invalid) still never shares an id with a sent one.
    await expect(connection.request("sampling/createMessage", { maxTokens: "many" })).rejects.toMatchObject({
      code: "invalid_outbound",
    });
    const third = connection.request("ping");
    ids.push(((await peer.next()) as { id: unknown }).id);
    peer.send({ jsonrpc: "2.0", id: ids[2], result: {} });
    await third;
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => typeof id === "number")).toBe(true);
  });

  it("keep their type: the string '1' and the number 1 are different requests", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    const releases: (() => void)[] = [];
    connection.setRequestHandler(
      "tools/list",
      (params) =>
        new Promise((resolve) =>
          releases.push(() => resolve({ tools: [], nextCursor: String(params.cursor) })),
        ),
    );
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { cursor: "number" } });
    peer.send({ jsonrpc: "2.0", id: "1", method: "tools/list", params: { cursor: "string" } });
    await peer.drain();
    for (const release of releases) release();
    expect(await peer.drain()).toEqual([
      { jsonrpc: "2.0", id: 1, result: { tools: [], nextCursor: "number" } },
      { jsonrpc: "2.0", id: "1", result: { tools: [], nextCursor: "string" } },
    ]);
  });

  it("match answers by type: a string id does not answer a numeric request", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    let settled = false;
    const asked = connection.request("ping").finally(() => {
      settled = true;
    });
    const { id } = (await peer.next()) as { id: number };
    peer.send({ jsonrpc: "2.0", id: String(id), result: {} });
    await peer.drain();
    expect(settled).toBe(false);
    peer.send({ jsonrpc: "2.0", id, result: {} });
    await expect(asked).resolves.toEqual({});
  });
});
