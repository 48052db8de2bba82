import { Connection, LocalError, SessionClientEra } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketClientTransport, WebSocketClosedError } from "../src/index.js";
import { startServer, type TestServer } from "./helpers.js";

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map(({ server }) => server.close()));
});

// An answer over the client's maximum cannot hang its request here: by the convention the client
// closes the connection with 1009, and the engine fails every pending request at once.
describe("an answer over the WebSocket client's maxMessageBytes", () => {
  it("fails the pending request at once, with the 1009 close naming the limit as its cause", async () => {
    const test = await startServer();
    servers.push(test);
    const transport = new WebSocketClientTransport(test.url, { maxMessageBytes: 500 });
    const connection = new Connection({
      era: new SessionClientEra({ clientInfo: { name: "t", version: "1" } }),
    });
    await connection.connect(transport);
    const serverSide = await test.next();
    await serverSide.start({
      onMessage: (value) => {
        const { id } = value as { id: number };
        void serverSide.send({ jsonrpc: "2.0", id, result: { pad: "x".repeat(600) } });
      },
      onUnreadable: () => {},
      onClose: () => {},
    });
    const error = await connection
      .request("ping", {}, { timeoutMs: 3000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "connection_closed",
      message: "Connection closed before ping (id 1) was answered",
    });
    const cause = (error as Error).cause;
    expect(cause).toBeInstanceOf(WebSocketClosedError);
    expect(cause).toMatchObject({
      code: "message_too_large",
      closeCode: 1009,
      closeReason: "message too big: the maximum is 500 bytes",
      closedByThisSide: true,
    });
  });
});
