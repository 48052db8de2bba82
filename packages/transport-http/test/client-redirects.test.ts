// No client path follows a redirect to another origin (issue 19, item 1): not the Streamable HTTP
// POST, GET or DELETE, not the HTTP+SSE GET or POSTs, on either sender. Same-origin redirects are
// followed by the transport itself, and the configured URL stays the one every request goes to.
import { describe, expect, it } from "vitest";
import {
  HttpStatusError,
  LegacySseClientTransport,
  type LegacySseClientOptions,
  RedirectRefusedError,
  StreamableHttpClientTransport,
} from "../src/index.node.js";
import {
  type Arrival,
  SESSION,
  type ScriptedServer,
  answerPlainly,
  closedAfterEach,
  initializeResult,
  methodOf,
  openSse,
  sseEvent,
} from "./client-helpers.js";
import { Recorder } from "./helpers.js";
import { SENDERS, autoTransport, clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

const REDIRECTS = [301, 302, 303, 307, 308] as const;
const INITIALIZE = {
  jsonrpc: "2.0" as const,
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } },
};
const LIST = { jsonrpc: "2.0" as const, id: 3, method: "tools/list", params: {} };
const AUTH = { authorization: "Bearer secret" };

/** Answers with a redirect to `location`. */
function redirect(arrival: Arrival, status: number, location: string): void {
  arrival.res.writeHead(status, { location, "content-type": "text/plain" }).end("moved");
}

/** The path of a request the scripted server got. */
const pathOf = (arrival: Arrival) => arrival.res.req.url;

/** A server standing for another origin (another port on 127.0.0.1): it must never hear from us. */
async function elsewhere(): Promise<ScriptedServer> {
  return open.scripted(answerPlainly);
}

function expectRefused(error: unknown, status: number, location: string | undefined): RedirectRefusedError {
  expect(error).toBeInstanceOf(RedirectRefusedError);
  expect(error).toBeInstanceOf(HttpStatusError);
  const refused = error as RedirectRefusedError;
  expect([refused.name, refused.status, refused.location]).toEqual([
    "RedirectRefusedError",
    status,
    location,
  ]);
  return refused;
}

describeEachSender("Streamable HTTP client and redirects", () => {
  for (const status of REDIRECTS) {
    it(`a ${status} of the POST to another origin rejects the send with RedirectRefusedError; nothing reaches it`, async () => {
      const evil = await elsewhere();
      const home = await open.scripted((arrival) => redirect(arrival, status, `${evil.url}?from=home`));
      const transport = clientTransport(home.url, { headers: () => AUTH, standaloneStream: false });
      open.push(transport);
      await transport.start(new Recorder());
      const error = await transport.send(INITIALIZE).catch((e: unknown) => e);
      const refused = expectRefused(error, status, `${evil.url}?from=home`);
      const evilOrigin = new URL(evil.url).origin;
      expect(refused.message).toBe(
        `the server redirected the POST to ${home.url} (HTTP ${status}) to another origin, ${evilOrigin}; ` +
          "redirects to another origin are never followed, since the request would carry the session and " +
          `credentials there. If you trust ${evil.url}?from=home, use it as the server URL`,
      );
      expect(evil.arrivals).toEqual([]);
      expect(home.arrivals.length).toBe(1);
    });
  }

  for (const status of REDIRECTS) {
    it(`a ${status} of the standalone GET or the DELETE to another origin is not followed; POSTs go on`, async () => {
      const evil = await elsewhere();
      const home = await open.scripted((arrival) => {
        if (arrival.method === "POST") return answerPlainly(arrival);
        redirect(arrival, status, evil.url);
      });
      const transport = clientTransport(home.url, {
        sessionId: SESSION,
        protocolVersion: "2025-11-25",
        headers: () => AUTH,
      });
      open.push(transport);
      const recorder = new Recorder();
      await transport.start(recorder);
      await home.until(() => home.of("GET").length === 1, "the standalone GET");
      await transport.send(LIST);
      await recorder.until(() => recorder.messages.length === 1, "the answer");
      await transport.close();
      expect(home.arrivals.map((a) => a.method)).toEqual(["GET", "POST", "DELETE"]);
      expect(evil.arrivals).toEqual([]);
    });
  }

  it("a 307 or 308 within the origin is followed with the body and headers; the next POST goes to the configured URL", async () => {
    const home = await open.scripted((arrival) => {
      if (pathOf(arrival) === "/mcp" && arrival.method === "POST") {
        return redirect(arrival, arrival.index === 0 ? 307 : 308, "/moved?x=1");
      }
      answerPlainly(arrival);
    });
    const transport = clientTransport(home.url, { headers: () => AUTH, standaloneStream: false });
    open.push(transport);
    const recorder = new Recorder();
    await transport.start(recorder);
    await transport.send(INITIALIZE);
    await transport.send(LIST);
    await recorder.until(() => recorder.messages.length === 2, "both answers");
    expect(recorder.messages).toEqual([
      initializeResult(0),
      { jsonrpc: "2.0", id: 3, result: { echo: "tools/list" } },
    ]);
    expect(home.arrivals.map((a) => [a.method, pathOf(a), methodOf(a), a.headers.authorization])).toEqual([
      ["POST", "/mcp", "initialize", "Bearer secret"],
      ["POST", "/moved?x=1", "initialize", "Bearer secret"],
      ["POST", "/mcp", "tools/list", "Bearer secret"],
      ["POST", "/moved?x=1", "tools/list", "Bearer secret"],
    ]);
    // The session id the followed answer gave is sent on (to the configured URL first).
    expect(home.arrivals[2]?.headers["mcp-session-id"]).toBe(SESSION);
  });

  for (const status of [301, 302, 303]) {
    it(`a ${status} of a POST within the origin is refused: following it would turn the POST into a GET`, async () => {
      const home = await open.scripted((arrival) => {
        if (arrival.method === "POST") return redirect(arrival, status, "/moved");
        answerPlainly(arrival);
      });
      const transport = clientTransport(home.url, { standaloneStream: false });
      open.push(transport);
      await transport.start(new Recorder());
      const error = await transport.send(INITIALIZE).catch((e: unknown) => e);
      const origin = new URL(home.url).origin;
      expect(expectRefused(error, status, `${origin}/moved`).message).toBe(
        `the server redirected the POST to ${home.url} (HTTP ${status}) to ${origin}/moved with a redirect ` +
          `that turns it into a GET, dropping its message; use ${origin}/moved as the server URL`,
      );
      expect(home.arrivals.length).toBe(1);
    });
  }

  it("a redirect loop within the origin gives up after maxRedirects", async () => {
    const home = await open.scripted((arrival) => redirect(arrival, 307, `/loop${arrival.index}`));
    const transport = clientTransport(home.url, { standaloneStream: false, maxRedirects: 2 });
    open.push(transport);
    await transport.start(new Recorder());
    const error = await transport.send(INITIALIZE).catch((e: unknown) => e);
    const origin = new URL(home.url).origin;
    expect(expectRefused(error, 307, `${origin}/loop2`).message).toBe(
      `the server redirected the POST to ${home.url} (HTTP 307): more than 2 redirects (maxRedirects)`,
    );
    expect(home.arrivals.map(pathOf)).toEqual(["/mcp", "/loop0", "/loop1"]);
  });

  it("a resumption GET redirected to another origin fails the stream with the refusal", async () => {
    const evil = await elsewhere();
    const home = await open.scripted((arrival) => {
      if (arrival.method === "GET" && arrival.headers["last-event-id"] !== undefined) {
        return redirect(arrival, 307, evil.url);
      }
      if (methodOf(arrival) === "tools/list") {
        openSse(arrival.res);
        arrival.res.write(sseEvent({ id: "e1", data: "" }));
        return void arrival.res.end();
      }
      answerPlainly(arrival);
    });
    const transport = clientTransport(home.url, {
      sessionId: SESSION,
      protocolVersion: "2025-11-25",
      standaloneStream: false,
      reconnect: { initialDelayMs: 0, minDelayMs: 0 },
    });
    open.push(transport);
    const recorder = new Recorder();
    await transport.start(recorder);
    await transport.send(LIST);
    await recorder.until(() => recorder.closes.length === 1, "the transport to close");
    expectRefused(recorder.closes[0], 307, evil.url);
    expect(evil.arrivals).toEqual([]);
  });
});

describe("Streamable HTTP client over fetch and redirects it cannot read", () => {
  it("asks fetch not to follow redirects, and an opaque redirect (browsers) is refused clearly", async () => {
    const inits: RequestInit[] = [];
    const opaque = {
      type: "opaqueredirect",
      status: 0,
      statusText: "",
      ok: false,
      redirected: false,
      url: "",
      headers: new Headers(),
      body: null,
    } as unknown as Response;
    const transport = new StreamableHttpClientTransport("https://mcp.example/mcp", {
      fetch: async (_input, init) => {
        inits.push(init ?? {});
        return opaque;
      },
      standaloneStream: false,
    });
    open.push(transport);
    await transport.start(new Recorder());
    const error = await transport.send(INITIALIZE).catch((e: unknown) => e);
    expect(expectRefused(error, 0, undefined).message).toBe(
      "the server redirected the POST to https://mcp.example/mcp, and this runtime hides where to (an opaque " +
        "redirect); the client follows no redirect it cannot check: use the final URL as the server URL",
    );
    expect(inits.map((init) => init.redirect)).toEqual(["manual"]);
  });

  it("a fetch that follows a redirect to another origin anyway: its answer is not used", async () => {
    const followed = Object.assign(new Response(JSON.stringify(initializeResult(0)), { status: 200 }), {});
    Object.defineProperty(followed, "redirected", { value: true });
    Object.defineProperty(followed, "url", { value: "https://evil.example/mcp" });
    const recorder = new Recorder();
    const transport = new StreamableHttpClientTransport("https://mcp.example/mcp", {
      fetch: async () => followed,
      standaloneStream: false,
    });
    open.push(transport);
    await transport.start(recorder);
    const error = await transport.send(INITIALIZE).catch((e: unknown) => e);
    expect(expectRefused(error, 200, "https://evil.example/mcp").message).toBe(
      "the fetch given to the transport followed a redirect of the POST to https://mcp.example/mcp to another " +
        "origin (https://evil.example) although asked not to; the answer from there is not used",
    );
    expect(recorder.messages).toEqual([]);
  });
});

/** Legacy transports on the current sender, as the Streamable suites choose it. */
function legacyOn(sender: (typeof SENDERS)[number], url: string, options: LegacySseClientOptions = {}) {
  const transport = new LegacySseClientTransport(url, { fetch: sender.options.fetch, ...options });
  open.push(transport);
  return transport;
}

/** A legacy HTTP+SSE server: GET /sse opens a stream with an endpoint event; POSTs get 202. */
function legacyScript(endpoint: string) {
  return (arrival: Arrival) => {
    if (arrival.method === "GET") {
      openSse(arrival.res);
      return void arrival.res.write(sseEvent({ event: "endpoint", data: endpoint }));
    }
    arrival.res.writeHead(202).end("Accepted");
  };
}

for (const sender of SENDERS) {
  describe(`HTTP+SSE client and redirects [${sender.name}]`, () => {
    for (const status of REDIRECTS) {
      it(`a ${status} of the SSE GET to another origin rejects start; nothing reaches it`, async () => {
        const evil = await open.scripted(legacyScript("/messages?sessionId=evil"));
        const home = await open.scripted((arrival) => redirect(arrival, status, evil.url));
        const transport = legacyOn(sender, home.url, { headers: () => AUTH });
        const recorder = new Recorder();
        const error = await transport.start(recorder).catch((e: unknown) => e);
        expectRefused(error, status, evil.url);
        expect((error as Error).message).toContain("redirects to another origin are never followed");
        expect(evil.arrivals).toEqual([]);
        expect(recorder.closes).toEqual([]);
      });
    }

    it("a same-origin redirect of the SSE GET is followed, but the endpoint resolves against the configured URL", async () => {
      const home = await open.scripted((arrival) => {
        if (pathOf(arrival) === "/mcp") return redirect(arrival, 302, "/elsewhere/sse");
        legacyScript("messages?sessionId=s1")(arrival);
      });
      const transport = legacyOn(sender, home.url, { headers: () => AUTH });
      await transport.start(new Recorder());
      // Resolved against http://127.0.0.1:P/mcp, not the /elsewhere/sse the redirect led to.
      expect(transport.endpointUrl).toBe(`${new URL(home.url).origin}/messages?sessionId=s1`);
      await transport.send(LIST);
      expect(home.arrivals.map((a) => [a.method, pathOf(a), a.headers.authorization])).toEqual([
        ["GET", "/mcp", "Bearer secret"],
        ["GET", "/elsewhere/sse", "Bearer secret"],
        ["POST", "/messages?sessionId=s1", "Bearer secret"],
      ]);
    });

    for (const status of REDIRECTS) {
      it(`a ${status} of a POST to another origin rejects that send; nothing reaches it`, async () => {
        const evil = await elsewhere();
        const home = await open.scripted((arrival) => {
          if (arrival.method === "POST") return redirect(arrival, status, `${evil.url}?sessionId=s1`);
          legacyScript("/messages?sessionId=s1")(arrival);
        });
        const transport = legacyOn(sender, home.url, { headers: () => AUTH });
        await transport.start(new Recorder());
        const error = await transport.send(LIST).catch((e: unknown) => e);
        expectRefused(error, status, `${evil.url}?sessionId=s1`);
        expect(evil.arrivals).toEqual([]);
      });
    }

    it("an endpoint event naming another origin is refused against the configured URL", async () => {
      const home = await open.scripted(legacyScript("http://localhost:9/messages?sessionId=1"));
      const error = await legacyOn(sender, home.url)
        .start(new Recorder())
        .catch((e: unknown) => e);
      expect((error as Error).message).toBe(
        "the endpoint event names another origin (http://localhost:9) than the SSE stream's",
      );
    });
  });
}

describeEachSender("HttpClientTransport falling back to HTTP+SSE and redirects", () => {
  for (const status of REDIRECTS) {
    it(`a ${status} of the fallback's SSE GET to another origin: the initialize fails; nothing reaches it`, async () => {
      const evil = await open.scripted(legacyScript("/messages?sessionId=evil"));
      const home = await open.scripted((arrival) => {
        if (arrival.method === "POST") return void arrival.res.writeHead(405).end();
        redirect(arrival, status, evil.url);
      });
      const transport = autoTransport(home.url, { headers: () => AUTH });
      open.push(transport);
      await transport.start(new Recorder());
      const error = await transport.send(INITIALIZE).catch((e: unknown) => e);
      expect((error as Error).message).toContain(
        `the server refused the initialize POST (HTTP 405) and did not open an HTTP+SSE stream either: the server redirected the GET to ${home.url} (HTTP ${status}) to another origin`,
      );
      expect(transport.kind).toBe("streamable");
      expect(evil.arrivals).toEqual([]);
    });
  }
});
