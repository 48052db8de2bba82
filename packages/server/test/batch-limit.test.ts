import { describe, expect, it } from "vitest";
import { connect, newServer } from "./helpers.js";

describe("maxBatchSize", () => {
  const batch = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/list" }));

  it("refuses a 2025-03-26 batch over the server's limit whole, and the session serves on", async () => {
    const server = newServer({ maxBatchSize: 3 });
    let lists = 0;
    server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
    server.use((request, next) => {
      if (request.method === "tools/list") lists++;
      return next();
    });
    const client = await connect(server, "2025-03-26");
    client.peer.deliver(batch(4));
    expect(await client.peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: "Invalid Request: a batch of 4 messages is over the limit of 3 (maxBatchSize)",
        },
      },
    ]);
    expect(lists).toBe(0);
    client.peer.deliver(batch(3));
    const [answers] = (await client.peer.drain()) as unknown[][];
    expect(answers).toHaveLength(3);
    expect(lists).toBe(3);
    await server.close();
  });
});
