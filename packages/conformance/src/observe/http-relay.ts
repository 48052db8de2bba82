import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request as httpRequest,
} from "node:http";
import { request as httpsRequest } from "node:https";
import type { Json } from "../model/json.js";
import { SseParser } from "../wire/sse-parser.js";
import type { ClientSessions, ExchangeSink } from "./client-sessions.js";

/** The largest request body the relay reads (a client's POST); bigger ones get 413. */
const MAX_BODY = 4 * 1024 * 1024;

/** Hop-by-hop headers: they describe one connection and are not relayed. */
const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te"]);

function flat(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * A Streamable HTTP relay between a client under test and a real server: it serves
 * http://127.0.0.1:PORT with the upstream URL's path, forwards every request unchanged (bodies,
 * headers, SSE streams chunk by chunk) and shows each exchange of the MCP endpoint to the
 * {@link ClientSessions} that judge the client, server messages before the client gets them.
 * Like a reverse proxy, it points the upstream's own absolute URLs at itself where a client follows
 * them: in WWW-Authenticate challenges and in JSON answers of other paths (OAuth metadata).
 */
export class HttpRelay {
  private server: Server | undefined;
  private origin = "";
  private readonly open = new Set<ServerResponse>();

  constructor(
    private readonly upstream: URL,
    private readonly sessions: ClientSessions,
  ) {}

  /** Starts listening on 127.0.0.1; returns the URL to hand the client (the upstream's path). */
  async listen(): Promise<string> {
    const server = createServer((req, res) => {
      this.open.add(res);
      res.on("close", () => this.open.delete(res));
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    this.origin = `http://127.0.0.1:${port}`;
    return `${this.origin}${this.upstream.pathname}${this.upstream.search}`;
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (body === undefined) {
      res.writeHead(413).end();
      return;
    }
    const headers = flat(req.headers);
    const path = req.url ?? "/";
    // Only origin-form targets, always on the upstream's origin: resolving `//host/x` or an
    // absolute URL against the upstream would send the client's credentials somewhere else.
    if (!path.startsWith("/")) {
      res.writeHead(400).end();
      return;
    }
    const target = new URL(`${this.upstream.origin}${path}`);
    const mcp = target.pathname === this.upstream.pathname;
    const method = req.method ?? "GET";
    const sink = mcp ? this.sessions.request(method, path, headers, body.toString("utf8")) : undefined;
    const forwarded: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) if (!HOP.has(name)) forwarded[name] = value;
    forwarded.host = this.upstream.host;
    forwarded["content-length"] = String(body.length);
    const send = this.upstream.protocol === "https:" ? httpsRequest : httpRequest;
    await new Promise<void>((resolve, reject) => {
      const out = send(target, { method, headers: forwarded }, (answer) => {
        this.answer(answer, res, sink).then(resolve, reject);
      });
      out.on("error", reject);
      res.on("close", () => out.destroy());
      out.end(body);
    });
  }

  /** The upstream's origin replaced by the relay's in `text`. */
  private rewrite(text: string): string {
    return text.replaceAll(this.upstream.origin, this.origin);
  }

  /**
   * A JSON answer from another path of the upstream's origin (OAuth protected-resource metadata):
   * relayed whole, with the upstream's origin replaced by the relay's, so a client that checks the
   * metadata's `resource` against the URL it was given accepts it.
   */
  private rewritten(
    answer: IncomingMessage,
    res: ServerResponse,
    head: Record<string, string>,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY) chunks.push(chunk);
      });
      answer.on("end", () => {
        const body = Buffer.from(this.rewrite(Buffer.concat(chunks).toString("utf8")), "utf8");
        const { "content-length": _length, ...rest } = head;
        res.writeHead(answer.statusCode ?? 502, { ...rest, "content-length": String(body.length) });
        res.end(body);
        resolve();
      });
      answer.on("error", reject);
    });
  }

  private answer(
    answer: IncomingMessage,
    res: ServerResponse,
    sink: ExchangeSink | undefined,
  ): Promise<void> {
    const head = flat(answer.headers);
    const relayed: Record<string, string> = {};
    for (const [name, value] of Object.entries(head)) if (!HOP.has(name)) relayed[name] = value;
    // The upstream's own URLs in a challenge point at the relay, like the MCP endpoint does.
    if (relayed["www-authenticate"] !== undefined)
      relayed["www-authenticate"] = this.rewrite(relayed["www-authenticate"]);
    sink?.head(answer.statusCode ?? 0, head);
    const plainJson = (head["content-type"] ?? "").includes("json") && head["content-encoding"] === undefined;
    if (sink === undefined && plainJson) return this.rewritten(answer, res, relayed);
    res.writeHead(answer.statusCode ?? 502, relayed);
    res.flushHeaders();
    const type = head["content-type"] ?? "";
    const deliver = (text: string) => {
      try {
        const parsed = JSON.parse(text) as Json;
        for (const item of Array.isArray(parsed) ? parsed : [parsed]) sink?.message(item);
      } catch {
        // Not JSON: the client's problem to notice, not the relay's.
      }
    };
    const decoder = new TextDecoder();
    const sse = type.includes("text/event-stream")
      ? new SseParser((event) => {
          if (event.hasData && event.data !== "") deliver(event.data);
        })
      : undefined;
    let json = "";
    return new Promise((resolve, reject) => {
      answer.on("data", (chunk: Buffer) => {
        if (sink !== undefined) {
          const text = decoder.decode(chunk, { stream: true });
          if (sse) sse.push(text);
          else if (json.length < MAX_BODY) json += text;
        }
        res.write(chunk);
      });
      answer.on("end", () => {
        if (sink !== undefined && sse === undefined && type.includes("json") && json !== "") deliver(json);
        res.end();
        resolve();
      });
      answer.on("error", reject);
      answer.on("aborted", () => {
        res.destroy();
        resolve();
      });
    });
  }
}
