import type { JsonRpcPayload, SendOptions, Transport, TransportHandlers } from "@mcpkit/core";
import { runTransportContract, type TransportPair } from "@mcpkit/transport-contract";
import { type HttpServerTransport, StreamableHttpClientTransport } from "../src/index.node.js";
import { openSession, startServer } from "./helpers.js";
import { type SenderCase, SENDERS } from "./senders.js";

/** Fits the suite's 8 MiB large message, which frames to about 9.5 MiB of JSON. */
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The server transport of a session the pair factory opened with a raw initialize, minus that
 * initialize: the suite's `b` must receive only what `a` sends.
 */
class AfterHandshake implements Transport {
  constructor(private readonly real: HttpServerTransport) {}

  get closed(): Promise<void> {
    return this.real.closed;
  }

  start(handlers: TransportHandlers): Promise<void> {
    let skipped = false;
    return this.real.start({
      onClose: (error) => handlers.onClose(error),
      onUnreadable: (frame) => handlers.onUnreadable(frame),
      onMessage: (value, context) => {
        if (!skipped) {
          skipped = true;
          return;
        }
        handlers.onMessage(value, context);
      },
    });
  }

  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    return this.real.send(payload, options);
  }

  close(): Promise<void> {
    return this.real.close();
  }
}

/** How one run of the suite sets up its pairs. */
interface Variant {
  /** Answer requests with JSON bodies instead of SSE streams. */
  readonly jsonResponse: boolean;
  /** The client's MCP-Protocol-Version: 2025-03-26 carries batches; 2025-11-25 primes every SSE stream. */
  readonly protocolVersion: "2025-03-26" | "2025-11-25";
}

// a: the client transport, joining a session; b: that session's server transport, on a real
// node:http server on 127.0.0.1.
function pairs({ jsonResponse, protocolVersion }: Variant, sender: SenderCase): () => Promise<TransportPair> {
  return async () => {
    const server = await startServer({ jsonResponse, maxBodyBytes: MAX_BYTES, maxMessageBytes: MAX_BYTES });
    const sessionId = await openSession(server.url);
    const b = new AfterHandshake(await server.next());
    const a = new StreamableHttpClientTransport(server.url, {
      ...sender.options,
      sessionId,
      protocolVersion,
      maxMessageBytes: MAX_BYTES,
    });
    return {
      a,
      b,
      dispose: async () => {
        await Promise.all([a.close(), b.close()]);
        await server.http.close();
      },
    };
  };
}

for (const sender of SENDERS) {
  for (const jsonResponse of [false, true]) {
    for (const protocolVersion of ["2025-03-26", "2025-11-25"] as const) {
      const answers = jsonResponse ? "JSON answers" : "SSE answers";
      runTransportContract(
        `Streamable HTTP on 127.0.0.1, ${answers}, ${protocolVersion} [${sender.name}]`,
        pairs({ jsonResponse, protocolVersion }, sender),
        // Batches are part of 2025-03-26 only; the endpoint refuses them on later revisions.
        { maxMessageBytes: MAX_BYTES, batches: protocolVersion === "2025-03-26" },
      );
    }
  }
}
