import { createServer, request as httpRequest, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small round-robin HTTP proxy on 127.0.0.1: every request (POST, GET, DELETE) goes to the next
 * live node in turn, its body and answer streamed through untouched. A node that refuses the
 * connection (it died) is skipped for that request. `routed` records which node took each request.
 */
export interface RoundRobinProxy {
  readonly url: string;
  /** The node index of each request, in order. */
  readonly routed: number[];
  /** Breaks every answer being streamed now (as a dying network or node would); returns how many. */
  cut(): number;
  close(): Promise<void>;
}

export async function startProxy(targets: () => readonly string[], path = "/mcp"): Promise<RoundRobinProxy> {
  let next = 0;
  const routed: number[] = [];
  const streaming = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const nodes = targets();
      const attempt = (tries: number) => {
        if (tries >= nodes.length) {
          res.writeHead(502).end("no node answered");
          return;
        }
        const index = next++ % nodes.length;
        const target = new URL(nodes[index] as string);
        // The Host header goes through as the client sent it, as a load balancer passes it on.
        const headers = req.headers;
        const out = httpRequest(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
          (answer) => {
            routed.push(index);
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            // The head goes on at once, as from the node itself: an SSE stream may carry no
            // event for a while (a session-era GET stream, a POST before its answer).
            res.flushHeaders();
            streaming.add(res);
            res.on("close", () => streaming.delete(res));
            answer.pipe(res);
            // The node died mid-answer: end the client's connection so it sees the stream break.
            answer.on("error", () => res.destroy());
            answer.on("aborted", () => res.destroy());
          },
        );
        out.on("error", (error: NodeJS.ErrnoException) => {
          if (!res.headersSent && error.code === "ECONNREFUSED") attempt(tries + 1);
          else res.destroy();
        });
        res.on("close", () => out.destroy());
        out.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    routed,
    cut() {
      const open = [...streaming];
      for (const res of open) res.destroy();
      return open.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
