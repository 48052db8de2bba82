import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A raw HTTP mock like the official `initialize` scenario's: it records every JSON-RPC message. */
export interface InitializeMock {
  readonly url: string;
  readonly received: Record<string, unknown>[];
  readonly gets: number[];
  close(): Promise<void>;
}

export async function startInitializeMock(): Promise<InitializeMock> {
  const received: Record<string, unknown>[] = [];
  const gets: number[] = [];
  const server: Server = createServer((req, res) => {
    if (req.method === "GET") {
      gets.push(Date.now());
      res.writeHead(400).end();
      return;
    }
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const message = JSON.parse(body) as Record<string, unknown>;
      received.push(message);
      const params = (message.params ?? {}) as Record<string, unknown>;
      let result: Record<string, unknown> = {};
      if (message.method === "initialize") {
        const asked = params.protocolVersion;
        result = {
          protocolVersion: asked === "2025-06-18" || asked === "2025-11-25" ? asked : "2025-11-25",
          capabilities: {},
          serverInfo: { name: "initialize-mock", version: "1.0.0" },
        };
      } else if (message.method === "tools/list") {
        result = { tools: [] };
      }
      // Like the official mock: every POST (notifications too) gets 200 with a JSON result.
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: message.id ?? null, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    gets,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
