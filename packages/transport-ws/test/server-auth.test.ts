import { AuthenticationError, type Authenticate } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { type UpgradeRequest, bearerProtocol } from "../src/index.js";
import { opened, rawClient, refusalOf, startServer, type TestServer } from "./helpers.js";

const servers: TestServer[] = [];
async function serve(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const server = await startServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map(({ server }) => server.close()));
});

const CHALLENGE = 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"';

/** The HTTP transports' hook shape: refuses with AuthenticationError, as `bearerAuth` does. */
const authenticate: Authenticate = (request) => {
  if (request.headers.authorization === "Bearer good") return { token: "good", subject: "alice" };
  if (request.headers.authorization === "Bearer weak")
    throw new AuthenticationError(403, "insufficient_scope", "this resource needs scope mcp", {
      "www-authenticate": 'Bearer error="insufficient_scope", scope="mcp"',
    });
  throw new AuthenticationError(401, "invalid_token", "no valid bearer token", {
    "www-authenticate": CHALLENGE,
  });
};

describe("WebSocket upgrade with an Authenticate hook", () => {
  it("refuses with the AuthenticationError's status, challenge and an OAuth JSON body", async () => {
    const { url } = await serve({ authenticate });
    const refusal = await refusalOf(rawClient(url));
    expect(refusal.status).toBe(401);
    expect(refusal.headers["www-authenticate"]).toBe(CHALLENGE);
    expect(refusal.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(refusal.body)).toEqual({
      error: "invalid_token",
      error_description: "no valid bearer token",
    });

    const weak = await refusalOf(rawClient(url, ["mcp"], { headers: { Authorization: "Bearer weak" } }));
    expect(weak.status).toBe(403);
    expect(weak.headers["www-authenticate"]).toBe('Bearer error="insufficient_scope", scope="mcp"');
    expect(JSON.parse(weak.body)).toEqual({
      error: "insufficient_scope",
      error_description: "this resource needs scope mcp",
    });
  });

  it("gives the hook the full URL, GET, the path, and the subprotocol token as an Authorization header", async () => {
    const seen: UpgradeRequest[] = [];
    const { url, next } = await serve({
      authenticate: (request) => {
        seen.push(request);
        return authenticate(request);
      },
    });
    const socket = rawClient(`${url}?tenant=a`, ["mcp", bearerProtocol("good")]);
    await opened(socket);
    const transport = await next();
    expect(seen[0]).toMatchObject({
      method: "GET",
      url: `${url}?tenant=a`,
      path: "/mcp?tenant=a",
      token: "good",
    });
    expect(seen[0]?.headers.authorization).toBe("Bearer good");
    expect(transport.context.authInfo).toEqual({ token: "good", subject: "alice" });
    // Credentials stay out of the message context.
    expect(transport.context.headers?.authorization).toBeUndefined();
    socket.close();
  });

  it("accepts an upgrade anonymously when the hook returns undefined", async () => {
    const { url, next } = await serve({ authenticate: () => undefined });
    const socket = rawClient(url);
    await opened(socket);
    const transport = await next();
    expect(transport.context.authInfo).toBeUndefined();
    socket.close();
  });
});
