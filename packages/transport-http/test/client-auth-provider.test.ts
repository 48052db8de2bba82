import type { AuthChallengeResponse, ClientAuthProvider, JsonRpcPayload } from "@mcpkit/core";
import { expect, it, vi } from "vitest";
import {
  AuthorizationRefusedError,
  HttpClientTransport,
  HttpStatusError,
  LegacySseClientTransport,
} from "../src/index.js";
import {
  type Arrival,
  answerPlainly,
  closedAfterEach,
  idOf,
  openSse,
  ScriptedServer,
  sseEvent,
} from "./client-helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();
const CHALLENGE = 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"';

/** A provider that sends `Bearer <token>` and, on a challenge, switches to `next` (or throws). */
function provider(token: string, next: string | Error) {
  const log: string[] = [];
  const challenges: AuthChallengeResponse[] = [];
  const statuses: number[] = [];
  let current = token;
  const auth: ClientAuthProvider = {
    headers: (request) => {
      log.push(`headers ${request.method} ${new URL(request.url).pathname}`);
      return { authorization: `Bearer ${current}` };
    },
    onChallenge: async (response): Promise<"retry"> => {
      log.push(`challenge ${response.status}`);
      challenges.push(response);
      if (next instanceof Error) throw next;
      current = next;
      return "retry";
    },
    onResponse: (response) => {
      statuses.push(response.status);
    },
  };
  return { auth, log, challenges, statuses };
}

/** Answers plainly when the request carries `Bearer good`, else 401 with a challenge. */
function guarded(arrival: Arrival): void | Promise<void> {
  if (arrival.headers.authorization !== "Bearer good") {
    arrival.res.writeHead(401, { "www-authenticate": CHALLENGE, "content-type": "application/json" });
    arrival.res.end('{"error":"invalid_token"}');
    return;
  }
  return answerPlainly(arrival);
}

function arrivalPath(arrival: Arrival): string | undefined {
  return arrival.res.req.url;
}

const initialize: JsonRpcPayload = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

function started(server: ScriptedServer, auth: ClientAuthProvider) {
  const transport = clientTransport(server.url, { authProvider: auth, standaloneStream: false });
  open.push(transport);
  const messages: unknown[] = [];
  return {
    transport,
    messages,
    start: () =>
      transport.start({ onMessage: (m) => messages.push(m), onUnreadable: () => {}, onClose: () => {} }),
  };
}

describeEachSender("Streamable HTTP client with an authProvider", () => {
  it("adds its headers, hands a 401 to onChallenge, and sends the request once more with fresh headers", async () => {
    const server = await ScriptedServer.start(guarded);
    open.push(server);
    const { auth, log, challenges, statuses } = provider("stale", "good");
    const { transport, messages, start } = started(server, auth);
    await start();
    await transport.send(initialize);
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    expect(server.of("POST").map((a) => [a.headers.authorization, idOf(a)])).toEqual([
      ["Bearer stale", 1],
      ["Bearer good", 1],
    ]);
    expect(log).toEqual(["headers POST /mcp", "challenge 401", "headers POST /mcp"]);
    expect(challenges[0]).toMatchObject({ method: "POST", url: server.url, status: 401 });
    expect(challenges[0]?.headers["www-authenticate"]).toBe(CHALLENGE);
    expect(statuses).toEqual([200]);
    // Later requests (and the DELETE at close) carry the new credentials at once.
    await transport.send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
    await transport.close();
    expect(server.arrivals.slice(2).map((a) => [a.method, a.headers.authorization])).toEqual([
      ["POST", "Bearer good"],
      ["DELETE", "Bearer good"],
    ]);
  });

  it("fails the request with what onChallenge throws, as an HTTP refusal, after one request", async () => {
    const server = await ScriptedServer.start(guarded);
    open.push(server);
    const { auth } = provider("stale", new Error("the user closed the browser"));
    const { transport, start } = started(server, auth);
    await start();
    const error = await transport.send(initialize).catch((e) => e);
    expect(error).toBeInstanceOf(AuthorizationRefusedError);
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      "the server answered HTTP 401 and the auth provider could not authorize: the user closed the browser",
    );
    expect(error.cause.message).toBe("the user closed the browser");
    expect(server.arrivals).toHaveLength(1);
  });

  it("passes an error that carries a status through unchanged", async () => {
    const server = await ScriptedServer.start(guarded);
    open.push(server);
    const mine = Object.assign(new Error("no consent"), { status: 401 });
    const { auth } = provider("stale", mine);
    const { transport, start } = started(server, auth);
    await start();
    await expect(transport.send(initialize)).rejects.toBe(mine);
  });

  it("retries only once: a second 401 is the request's answer", async () => {
    const server = await ScriptedServer.start(guarded);
    open.push(server);
    const { auth, log } = provider("stale", "still-bad");
    const { transport, start } = started(server, auth);
    await start();
    const error = await transport.send(initialize).catch((e) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.status).toBe(401);
    expect(server.arrivals).toHaveLength(2);
    expect(log).toEqual(["headers POST /mcp", "challenge 401", "headers POST /mcp"]);
  });

  it("hands a 403 to onChallenge too", async () => {
    let refused = false;
    const server = await ScriptedServer.start((arrival) => {
      if (!refused) {
        refused = true;
        arrival.res
          .writeHead(403, { "www-authenticate": 'Bearer error="insufficient_scope", scope="b"' })
          .end();
        return;
      }
      return answerPlainly(arrival);
    });
    open.push(server);
    const { auth, challenges } = provider("a", "ab");
    const { transport, messages, start } = started(server, auth);
    await start();
    await transport.send(initialize);
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    expect(challenges.map((c) => [c.status, c.headers["www-authenticate"]])).toEqual([
      [403, 'Bearer error="insufficient_scope", scope="b"'],
    ]);
    expect(server.arrivals.map((a) => a.headers.authorization)).toEqual(["Bearer a", "Bearer ab"]);
  });
});

it("the legacy SSE client authorizes its GET (retrying after a 401) and its POSTs", async () => {
  const server = await ScriptedServer.start((arrival) => {
    if (arrival.headers.authorization !== "Bearer good") {
      arrival.res.writeHead(401, { "www-authenticate": CHALLENGE }).end();
      return;
    }
    if (arrival.method === "GET") {
      openSse(arrival.res);
      arrival.res.write(sseEvent({ event: "endpoint", data: "/messages?sessionId=s1" }));
      return;
    }
    arrival.res.writeHead(202).end();
  });
  open.push(server);
  const { auth, log } = provider("stale", "good");
  const transport = new LegacySseClientTransport(server.url, { authProvider: auth, fetch });
  open.push(transport);
  await transport.start({ onMessage: () => {}, onUnreadable: () => {}, onClose: () => {} });
  await transport.send(initialize);
  expect(server.arrivals.map((a) => [a.method, a.headers.authorization])).toEqual([
    ["GET", "Bearer stale"],
    ["GET", "Bearer good"],
    ["POST", "Bearer good"],
  ]);
  expect(log).toEqual(["headers GET /mcp", "challenge 401", "headers GET /mcp", "headers POST /messages"]);
});

it("the auto-detecting transport hands its authProvider to the legacy transport it falls back to", async () => {
  const server = await ScriptedServer.start((arrival) => {
    if (arrival.headers.authorization !== "Bearer good") {
      arrival.res.writeHead(401, { "www-authenticate": CHALLENGE }).end();
      return;
    }
    if (arrival.method === "GET") {
      openSse(arrival.res);
      arrival.res.write(sseEvent({ event: "endpoint", data: "/messages?sessionId=s1" }));
      return;
    }
    // An old server: a POST to its SSE URL is refused; its message endpoint accepts.
    arrival.res.writeHead(arrivalPath(arrival) === "/mcp" ? 405 : 202).end();
  });
  open.push(server);
  const { auth, log } = provider("stale", "good");
  const transport = new HttpClientTransport(server.url, { authProvider: auth, fetch });
  open.push(transport);
  await transport.start({ onMessage: () => {}, onUnreadable: () => {}, onClose: () => {} });
  await transport.send(initialize);
  expect(transport.kind).toBe("legacy");
  expect(server.arrivals.map((a) => [a.method, arrivalPath(a), a.headers.authorization])).toEqual([
    ["POST", "/mcp", "Bearer stale"],
    ["POST", "/mcp", "Bearer good"],
    ["GET", "/mcp", "Bearer good"],
    ["POST", "/messages?sessionId=s1", "Bearer good"],
  ]);
  expect(log.filter((l) => l.startsWith("challenge"))).toEqual(["challenge 401"]);
});
