import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the scripted server saw. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A route's answer: status, headers and a body (objects are sent as JSON). */
export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type Route = (request: SeenRequest, url: URL) => ScriptedAnswer | Promise<ScriptedAnswer>;

/**
 * A local HTTP server on 127.0.0.1 that answers from a route table ("GET /path" keys; unknown
 * routes are 404) and records every request in order.
 */
export class ScriptedServer {
  readonly seen: SeenRequest[] = [];
  readonly routes = new Map<string, Route>();
  private server: Server | undefined;
  url = "";

  route(key: string, route: Route | ScriptedAnswer): this {
    this.routes.set(key, typeof route === "function" ? route : () => route);
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The `METHOD path` of every request, in order. */
  get lines(): string[] {
    return this.seen.map((r) => `${r.method} ${r.path}`);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", this.url);
    const seen: SeenRequest = {
      method: req.method ?? "GET",
      path: url.pathname + url.search,
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    this.seen.push(seen);
    const route = this.routes.get(`${seen.method} ${url.pathname}`);
    const answer = route ? await route(seen, url) : { status: 404, body: { error: "not_found" } };
    const headers: Record<string, string> = { ...answer.headers };
    let body = "";
    if (typeof answer.body === "string") body = answer.body;
    else if (answer.body !== undefined) {
      body = JSON.stringify(answer.body);
      headers["content-type"] ??= "application/json";
    }
    res.writeHead(answer.status ?? 200, headers);
    res.end(body);
  }
}
