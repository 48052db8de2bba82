import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { NodeBodySink } from "../src/node/node-body-sink.js";
import { sleep, withTimeout } from "./helpers.js";

const SSE = { "content-type": "text/event-stream", "cache-control": "no-cache" } as const;

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
});

/** What the server side of one exchange saw: the sink, and how many non-empty socket writes it made. */
interface Served {
  readonly sink: NodeBodySink;
  readonly res: ServerResponse;
  socketWrites(): number;
}

/** A server on 127.0.0.1 that hands each request's sink (and response) to `onRequest`. */
async function sinkServer(onRequest: (served: Served) => void): Promise<string> {
  const server = createServer((_req, res) => {
    let writes = 0;
    const socket = res.socket as NonNullable<ServerResponse["socket"]>;
    const write = socket.write.bind(socket);
    socket.write = ((...args: Parameters<typeof write>) => {
      // node:http ends a message with an empty write of its own; only bytes count.
      if ((args[0] as string | Uint8Array).length > 0) writes += 1;
      return write(...args);
    }) as typeof socket.write;
    onRequest({ sink: new NodeBodySink(res), res, socketWrites: () => writes });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** A GET whose response is given as soon as its headers arrive; the body is read as it comes. */
function get(url: string): Promise<{ res: IncomingMessage; body: () => string; ended: Promise<void> }> {
  return withTimeout(
    new Promise((resolve, reject) => {
      const req = request(url, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        const ended = new Promise<void>((done) => res.on("end", done));
        resolve({ res, body: () => body, ended });
      });
      req.on("error", reject);
      req.end();
    }),
    5000,
    "the response headers",
  );
}

/** Waits (bounded) until `condition` holds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 250; tries += 1) {
    if (condition()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("NodeBodySink", () => {
  it("keeps what is written before the headers are decided and sends it first, in order", async () => {
    let served: Served | undefined;
    const url = await sinkServer((s) => {
      served = s;
      s.sink.write("one\n");
      s.sink.write("two\n");
      s.sink.answer(200, SSE);
    });
    const { res, body, ended } = await get(url);
    expect(res.headers["content-type"]).toBe("text/event-stream");
    await until(() => body() === "one\ntwo\n", "the held text");
    served?.sink.write("three\n");
    served?.sink.close();
    await withTimeout(ended, 5000, "the end of the body");
    expect(body()).toBe("one\ntwo\nthree\n");
  });

  it("a body complete before its headers go out is sent with Content-Length in one write", async () => {
    let served: Served | undefined;
    const url = await sinkServer((s) => {
      served = s;
      s.sink.write("hello, ");
      s.sink.write("wörld");
      s.sink.close();
      s.sink.answer(200, { "content-type": "text/plain" });
    });
    const { res, body, ended } = await get(url);
    await withTimeout(ended, 5000, "the body");
    expect(body()).toBe("hello, wörld");
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength("hello, wörld")));
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(served?.socketWrites()).toBe(1);
  });

  it("a body that completes within the macrotask after the headers are decided still goes out whole", async () => {
    const url = await sinkServer(({ sink }) => {
      sink.answer(200, SSE);
      queueMicrotask(() => {
        sink.write("id: p1-1\ndata: {}\n\n");
        sink.close();
      });
    });
    const { res, body, ended } = await get(url);
    await withTimeout(ended, 5000, "the body");
    expect([res.headers["content-length"], body()]).toEqual(["19", "id: p1-1\ndata: {}\n\n"]);
  });

  it("an open stream sends its headers before its first event, then streams (onOpen runs then)", async () => {
    let served: Served | undefined;
    let opened = 0;
    const url = await sinkServer((s) => {
      served = s;
      s.sink.onOpen(() => {
        opened += 1;
      });
      s.sink.answer(200, SSE);
    });
    const { res, body, ended } = await get(url);
    expect([res.statusCode, res.headers["content-type"], res.headers["transfer-encoding"]]).toEqual([
      200,
      "text/event-stream",
      "chunked",
    ]);
    expect([body(), opened]).toEqual(["", 1]);
    served?.sink.write("data: 1\n\n");
    await until(() => body() === "data: 1\n\n", "the first event");
    served?.sink.close();
    await withTimeout(ended, 5000, "the end of the stream");
    expect(served?.sink.alive).toBe(false);
  });

  it("the client going away mid-stream cancels the sink once; later writes are dropped", async () => {
    let served: Served | undefined;
    let cancelled = 0;
    const url = await sinkServer((s) => {
      served = s;
      s.sink.onCancel(() => {
        cancelled += 1;
      });
      s.sink.answer(200, SSE);
    });
    const { res } = await get(url);
    served?.sink.write("data: 1\n\n");
    res.destroy();
    await until(() => cancelled === 1, "the cancel");
    expect(served?.sink.alive).toBe(false);
    served?.sink.write("data: 2\n\n");
    served?.sink.close();
    expect(cancelled).toBe(1);
  });

  it("a client gone before the headers are decided cancels at once; a closed sink never cancels", async () => {
    const cancels: string[] = [];
    let served: Served | undefined;
    const url = await sinkServer((s) => {
      served = s;
    });
    const req = request(url);
    req.on("error", () => {});
    req.end();
    await until(() => served !== undefined, "the request");
    req.destroy();
    await until(() => served?.res.destroyed === true, "the server to see the client leave");
    const open = served as Served;
    open.sink.onCancel(() => cancels.push("open"));
    open.sink.answer(200, SSE);
    expect([cancels, open.sink.alive]).toEqual([["open"], false]);

    const closed = new NodeBodySink(open.res);
    closed.onCancel(() => cancels.push("closed"));
    closed.close();
    closed.answer(200, SSE);
    expect(cancels).toEqual(["open"]);
  });
});
