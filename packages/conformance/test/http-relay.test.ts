// The observe relay forwards only to the upstream's origin, whatever request target a client sends.
import { type IncomingMessage, createServer } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Invariants } from "../src/invariants/observer.js";
import { ClientSessions } from "../src/observe/client-sessions.js";
import { HttpRelay } from "../src/observe/http-relay.js";
import { requirements } from "./helpers/invariant-check.js";

/** Sends one raw HTTP/1.1 request line to `port` and resolves with the status line of the answer. */
function rawRequest(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer secret\r\nConnection: close\r\n\r\n`,
      );
    });
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () => resolve(text.split("\r\n")[0] ?? ""));
    socket.on("error", reject);
    socket.setTimeout(5000, () => socket.destroy(new Error("no answer within 5 s")));
  });
}

describe("the observe relay", () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  it("sends a `//host/path` target to the upstream as a path, never to that host", async () => {
    const arrived: string[] = [];
    const upstream = createServer((req: IncomingMessage, res) => {
      arrived.push(`${req.url} ${req.headers.authorization}`);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    stops.push(() => new Promise((resolve) => upstream.close(() => resolve())));
    const address = upstream.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const relay = new HttpRelay(
      new URL(`http://127.0.0.1:${port}/mcp`),
      new ClientSessions(new Invariants(requirements), "2025-11-25"),
    );
    const url = new URL(await relay.listen());
    stops.push(() => relay.close());

    expect(await rawRequest(Number(url.port), "//elsewhere.invalid/steal")).toBe("HTTP/1.1 200 OK");
    expect(arrived).toEqual(["//elsewhere.invalid/steal Bearer secret"]);
    expect(await rawRequest(Number(url.port), "http://elsewhere.invalid/steal")).toBe(
      "HTTP/1.1 400 Bad Request",
    );
    expect(arrived).toHaveLength(1);
  });
});
