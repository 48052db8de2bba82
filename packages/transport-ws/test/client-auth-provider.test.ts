import type { AuthChallengeResponse, ClientAuthProvider } from "@mcpkit/core";
import { afterEach, expect, it } from "vitest";
import { WebSocket as NodeWebSocket } from "ws";
import { type WebSocketConstructor, WebSocketClientTransport, WebSocketUpgradeError } from "../src/index.js";
import { Recorder, startServer, type TestServer } from "./helpers.js";

const servers: TestServer[] = [];
const clients: WebSocketClientTransport[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map(({ server }) => server.close()));
});

const verify = ({ token }: { token: string | undefined }) =>
  token === "good" ? { token, clientId: "app", scopes: [] } : null;

function provider(next: string | Error) {
  const log: string[] = [];
  const challenges: AuthChallengeResponse[] = [];
  let current = "stale";
  const auth: ClientAuthProvider = {
    headers: (request) => {
      log.push(`headers ${request.method}`);
      return { authorization: `Bearer ${current}` };
    },
    onChallenge: (response) => {
      log.push(`challenge ${response.status}`);
      challenges.push(response);
      if (next instanceof Error) throw next;
      current = next;
      return "retry";
    },
  };
  return { auth, log, challenges };
}

it("a WebSocket upgrade refused with 401 goes to onChallenge, then the upgrade is tried once more", async () => {
  const server = await startServer({ authenticate: verify });
  servers.push(server);
  const { auth, log, challenges } = provider("good");
  const client = new WebSocketClientTransport(server.url, { authProvider: auth });
  clients.push(client);
  await client.start(new Recorder());
  // The server side answers the close handshake at the end only once started.
  await (await server.next()).start(new Recorder());
  expect(log).toEqual(["headers GET", "challenge 401", "headers GET"]);
  expect(challenges[0]).toMatchObject({ method: "GET", url: server.url, status: 401 });
  expect(challenges[0]?.headers["www-authenticate"]).toBe('Bearer realm="mcp"');
});

it("what onChallenge throws fails start; a second refusal is a WebSocketUpgradeError", async () => {
  const server = await startServer({ authenticate: verify });
  servers.push(server);
  const refused = new Error("no consent");
  const first = new WebSocketClientTransport(server.url, { authProvider: provider(refused).auth });
  clients.push(first);
  await expect(first.start(new Recorder())).rejects.toBe(refused);

  const { auth, log } = provider("still-bad");
  const second = new WebSocketClientTransport(server.url, { authProvider: auth });
  clients.push(second);
  const error = await second.start(new Recorder()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WebSocketUpgradeError);
  expect((error as WebSocketUpgradeError).status).toBe(401);
  expect(log).toEqual(["headers GET", "challenge 401", "headers GET"]);
});

it("with a constructor that cannot send headers, the provider's bearer token travels as the subprotocol entry", async () => {
  const server = await startServer({ authenticate: verify });
  servers.push(server);
  const auth: ClientAuthProvider = {
    headers: () => ({ authorization: "Bearer good" }),
    onChallenge: () => {
      throw new Error("not expected");
    },
  };
  const client = new WebSocketClientTransport(server.url, {
    authProvider: auth,
    WebSocket: NodeWebSocket as unknown as WebSocketConstructor,
  });
  clients.push(client);
  await client.start(new Recorder());
  const transport = await server.next();
  await transport.start(new Recorder());
  expect(transport.context.authInfo?.token).toBe("good");
  expect(transport.context.headers?.authorization).toBeUndefined();
});
