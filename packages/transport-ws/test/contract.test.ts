import { runContractCheck, runTransportContract, type TransportPair } from "@mcpkit/transport-contract";
import { it } from "vitest";
import { WebSocketClientTransport } from "../src/index.js";
import { DeferredTransport, startServer } from "./helpers.js";

/** Fits the suite's 8 MiB large message, which frames to about 9.5 MiB of JSON. */
const MAX_BYTES = 10 * 1024 * 1024;

// a: the client transport (on `ws`); b: the server transport of a's connection, on a real server on 127.0.0.1.
async function pair(): Promise<TransportPair> {
  const { server, url, next } = await startServer({ maxMessageBytes: MAX_BYTES });
  const a = new WebSocketClientTransport(url, { maxMessageBytes: MAX_BYTES });
  const b = new DeferredTransport(next(10_000));
  return {
    a,
    b,
    writeRawToB: async (frame) => {
      // The client's own socket, so raw frames keep their order with a's sends.
      (a as unknown as { socket: { send(text: string): void } }).socket.send(frame);
    },
    dispose: async () => {
      await Promise.all([a.close(), b.close().catch(() => {})]);
      await server.close();
    },
  };
}

runTransportContract("WebSocket on 127.0.0.1", pair, { maxMessageBytes: MAX_BYTES });

// A raw frame over the limit closes the connection with 1009 by convention (see convention.test.ts),
// where the suite's `unreadable/too-large` expects the transport to stay open; so only the parse check runs raw.
it("transport contract: WebSocket on 127.0.0.1 › unreadable/parse", async () => {
  await runContractCheck("unreadable/parse", pair, { rawFrames: true });
}, 30_000);
