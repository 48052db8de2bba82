// An HTTP refusal on connect is reported as what it is (issue 19, item 15): `client.connect()`
// rejects with the HttpStatusError (401 with its WWW-Authenticate, 403, 429, 500, ...), not with
// `no_common_revision` after the auto era probe fell through to initialize.
import { Client, ClientError } from "@mcpkit/client";
import { expect, it } from "vitest";
import { HttpStatusError, type StreamableHttpClientOptions } from "../src/index.node.js";
import { type Arrival, closedAfterEach } from "./client-helpers.js";
import { autoTransport, clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

const CHALLENGE =
  'Bearer realm="mcp", resource_metadata="https://auth.example/.well-known/oauth-protected-resource"';

/** Refuses every request with `status` (and a WWW-Authenticate challenge for 401). */
function refuseWith(status: number) {
  return (arrival: Arrival) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (status === 401) headers["www-authenticate"] = CHALLENGE;
    arrival.res.writeHead(status, headers).end(JSON.stringify({ error: "refused" }));
  };
}

function client(options: Partial<ConstructorParameters<typeof Client>[0]> = {}): Client {
  const made = new Client({ clientInfo: { name: "t", version: "1" }, ...options });
  open.push(made);
  return made;
}

type Make = (url: string, options?: StreamableHttpClientOptions) => { close(): Promise<void> };

describeEachSender("client.connect() against an HTTP refusal", () => {
  for (const [kind, make] of [
    ["HttpClientTransport", autoTransport],
    ["StreamableHttpClientTransport", clientTransport],
  ] as [string, Make][]) {
    it(`401 over ${kind}: the HttpStatusError itself, with WWW-Authenticate; nothing after the probe`, async () => {
      const server = await open.scripted(refuseWith(401));
      const transport = make(server.url);
      const error = await client()
        .connect(transport as never)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpStatusError);
      expect(error).not.toBeInstanceOf(ClientError);
      const refused = error as HttpStatusError;
      expect([refused.status, refused.wwwAuthenticate, refused.headers.get("www-authenticate")]).toEqual([
        401,
        CHALLENGE,
        CHALLENGE,
      ]);
      expect(refused.message).toBe('the server answered HTTP 401 Unauthorized: {"error":"refused"}');
      // The probe was refused: no initialize followed it.
      expect(server.of("POST").map((a) => (a.json as { method: string }).method)).toEqual([
        "server/discover",
      ]);
    });
  }

  for (const status of [403, 429, 500, 503]) {
    it(`${status} on the probe: connect rejects with that HttpStatusError`, async () => {
      const server = await open.scripted(refuseWith(status));
      const error = await client()
        .connect(autoTransport(server.url))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpStatusError);
      expect((error as HttpStatusError).status).toBe(status);
    });
  }

  it("an era refusal (400 to the probe) still falls back to initialize, whose HTTP error is reported as is", async () => {
    const server = await open.scripted((arrival) => {
      const method = (arrival.json as { method?: string }).method;
      refuseWith(method === "server/discover" ? 400 : 401)(arrival);
    });
    const error = await client({ mode: "auto" })
      .connect(clientTransport(server.url))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect([(error as HttpStatusError).status, (error as HttpStatusError).wwwAuthenticate]).toEqual([
      401,
      CHALLENGE,
    ]);
    expect(server.of("POST").map((a) => (a.json as { method: string }).method)).toEqual([
      "server/discover",
      "initialize",
    ]);
  });

  it("mode session: a 401 to initialize is the HttpStatusError", async () => {
    const server = await open.scripted(refuseWith(401));
    const error = await client({ mode: "session" })
      .connect(autoTransport(server.url))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).wwwAuthenticate).toBe(CHALLENGE);
  });
});
