import type { ClientAuthProvider, JsonRpcPayload } from "@mcpkit/core";
import { expect, it, vi } from "vitest";
import { HttpStatusError } from "../src/index.js";
import { type Arrival, answerPlainly, closedAfterEach, ScriptedServer } from "./client-helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

const initialize: JsonRpcPayload = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

/** A provider that answers every challenge with "retry" and logs what it saw. */
function retryingProvider() {
  const log: string[] = [];
  let round = 0;
  const auth: ClientAuthProvider = {
    headers: () => ({ authorization: `DPoP token-${round}` }),
    onChallenge: (response) => {
      log.push(`challenge ${response.status} ${response.headers["www-authenticate"]}`);
      round++;
      return "retry";
    },
  };
  return { auth, log };
}

function started(server: ScriptedServer, auth: ClientAuthProvider) {
  const transport = clientTransport(server.url, { authProvider: auth, standaloneStream: false });
  open.push(transport);
  const messages: unknown[] = [];
  const start = () =>
    transport.start({ onMessage: (m) => messages.push(m), onUnreadable: () => {}, onClose: () => {} });
  return { transport, messages, start };
}

describeEachSender("Streamable HTTP client: a different challenge after the retry", () => {
  it("gets a second round (a DPoP nonce demand after a fresh token), then the answer", async () => {
    const server = await ScriptedServer.start((arrival: Arrival) => {
      const n = server.arrivals.length;
      if (n === 1) {
        arrival.res.writeHead(401, { "www-authenticate": 'DPoP resource_metadata="x"' }).end();
        return;
      }
      if (n === 2) {
        arrival.res
          .writeHead(401, { "www-authenticate": 'DPoP error="use_dpop_nonce"', "dpop-nonce": "n1" })
          .end();
        return;
      }
      return answerPlainly(arrival);
    });
    open.push(server);
    const { auth, log } = retryingProvider();
    const { transport, messages, start } = started(server, auth);
    await start();
    await transport.send(initialize);
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    expect(log).toEqual([
      'challenge 401 DPoP resource_metadata="x"',
      'challenge 401 DPoP error="use_dpop_nonce"',
    ]);
    expect(server.arrivals.map((a) => a.headers.authorization)).toEqual([
      "DPoP token-0",
      "DPoP token-1",
      "DPoP token-2",
    ]);
  });

  it("stops after two rounds even when every challenge differs", async () => {
    const server = await ScriptedServer.start((arrival: Arrival) => {
      arrival.res
        .writeHead(401, { "www-authenticate": `DPoP error="use_dpop_nonce", n="${server.arrivals.length}"` })
        .end();
    });
    open.push(server);
    const { auth, log } = retryingProvider();
    const { transport, start } = started(server, auth);
    await start();
    const error = await transport.send(initialize).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(401);
    expect(server.arrivals).toHaveLength(3);
    expect(log).toHaveLength(2);
  });
});
