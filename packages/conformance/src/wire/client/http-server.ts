import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import { type Json, deepEqual, isObject } from "../../model/json.js";
import { type Revision, eraOf } from "../../model/revisions.js";
import type { Inbox } from "../../run/inbox.js";
import { delay } from "../../run/time.js";
import type { AuthScript } from "../../model/transcript.js";
import { RequestLog } from "../../run/request-log.js";
import type { CloseInfo, Outgoing } from "../wire.js";
import type { ServerEndpoint } from "./client-wire.js";
import { readRequest, requestRecord } from "./received-request.js";
import { ScriptedAuth } from "./scripted-auth.js";

/** The path of the MCP endpoint the runner serves. */
export const MCP_PATH = "/mcp";

/** The session id the scripted server hands out (fixed, so reports are deterministic). */
export const SCRIPTED_SESSION_ID = "conformance-session";

/** A client POST that carried requests, held open until the transcript answers them. */
interface HeldPost {
  res: ServerResponse;
  ids: Json[];
  answered: Json[];
  streaming: boolean;
  isInitialize: boolean;
}

/**
 * Client mode over Streamable HTTP (docs/conformance-format.md §8.3): the runner serves
 * http://127.0.0.1:PORT/mcp and answers the client exactly as the transcript says.
 */
export class HttpServerEndpoint implements ServerEndpoint {
  private server: Server | undefined;
  private readonly held: HeldPost[] = [];
  private getStream: ServerResponse | undefined;
  private getWaiters: (() => void)[] = [];

  private auth: ScriptedAuth | undefined;
  private origin = "";
  /** Every HTTP request the client made to the resource (and, with auth, to the authorization server). */
  readonly requests = new RequestLog();

  constructor(
    private readonly inbox: Inbox,
    private readonly revision: Revision,
    private readonly authScript?: AuthScript,
  ) {}

  /** `mcpUrl`, `resourceOrigin` and, with an auth script, `prmUrl`, `authIssuer`, `authOrigin`. */
  variables(): Record<string, Json> {
    if (this.origin === "") return {};
    return { mcpUrl: `${this.origin}${MCP_PATH}`, resourceOrigin: this.origin, ...this.auth?.variables() };
  }

  async listen(): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    this.origin = `http://127.0.0.1:${port}`;
    if (this.authScript) {
      this.auth = new ScriptedAuth(this.authScript, this.requests, this.origin, MCP_PATH);
      await this.auth.listen();
    }
    return `${this.origin}${MCP_PATH}`;
  }

  env(): Record<string, string> {
    return {};
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = await readRequest(req);
    const http = { method: request.method, path: req.url ?? "", headers: request.headers };
    const auth = this.auth;
    if (auth && request.path !== MCP_PATH) {
      auth.serveResource(request, res);
      return;
    }
    const stateless = eraOf(this.revision) === "stateless";
    let messages: unknown[] = [];
    let parseError = false;
    if (request.method === "POST" && request.text !== undefined) {
      try {
        const parsed: unknown = JSON.parse(request.text);
        messages = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        parseError = true;
      }
    }
    if (auth) {
      const methods = messages.flatMap((m) =>
        isObject(m) && typeof m.method === "string" ? [m.method] : [],
      );
      const refusal = auth.gate(request.headers.authorization, methods);
      if (refusal) {
        this.requests.push({ ...requestRecord("resource", request), status: refusal.status });
        const error = refusal.status === 401 ? "invalid_token" : "insufficient_scope";
        res.writeHead(refusal.status, {
          "content-type": "application/json",
          "www-authenticate": refusal.wwwAuthenticate,
        });
        res.end(JSON.stringify({ error, error_description: "the scripted resource refused the token" }));
        return;
      }
    }
    this.requests.push(requestRecord("resource", request));
    if (request.method === "GET") {
      if (stateless) {
        res.writeHead(405, { allow: "POST" }).end();
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.flushHeaders();
      this.getStream = res;
      res.on("close", () => {
        if (this.getStream === res) this.getStream = undefined;
      });
      for (const wake of this.getWaiters.splice(0)) wake();
      return;
    }
    if (request.method === "DELETE") {
      res.writeHead(200).end();
      return;
    }
    if (request.method !== "POST") {
      res.writeHead(405, { allow: "GET, POST, DELETE" }).end();
      return;
    }
    if (request.tooLarge) {
      res.writeHead(413).end();
      return;
    }
    if (parseError || request.text === undefined) {
      this.inbox.push(request.text ?? "", { http });
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }));
      return;
    }
    const ids: Json[] = [];
    let isInitialize = false;
    for (const message of messages) {
      if (isObject(message) && typeof message.method === "string" && message.id !== undefined) {
        ids.push(message.id as Json);
        if (message.method === "initialize") isInitialize = true;
      }
    }
    if (ids.length === 0) res.writeHead(202).end();
    else {
      const post: HeldPost = { res, ids, answered: [], streaming: false, isInitialize };
      this.held.push(post);
      res.on("close", () => {
        const index = this.held.indexOf(post);
        if (index >= 0) this.held.splice(index, 1);
      });
    }
    for (const message of messages) this.inbox.push(JSON.stringify(message), { http });
  }

  async send(out: Outgoing, timeoutMs: number): Promise<void> {
    const message = out.message;
    const http = out.http ?? {};
    const responseId =
      isObject(message) && ("result" in message || "error" in message) ? message.id : undefined;
    const forId = responseId ?? (message === undefined ? out.to : undefined);
    if (forId !== undefined) {
      const post = this.held.find((p) => p.ids.some((id) => deepEqual(id, forId as Json)));
      if (!post)
        throw new Error(`no client request with id ${JSON.stringify(forId)} is waiting for an answer`);
      this.answer(post, forId as Json, out);
      return;
    }
    // A request or notification from the scripted server: on a held POST stream, else the GET stream.
    const post = this.held[0];
    if (post && http.mode !== "json") {
      this.startStream(post, out);
      post.res.write(sseEvent(out.text));
      return;
    }
    const deadline = Date.now() + timeoutMs;
    while (!this.getStream && Date.now() < deadline) {
      await Promise.race([
        new Promise<void>((resolve) => this.getWaiters.push(resolve)),
        delay(deadline - Date.now()),
      ]);
    }
    if (!this.getStream)
      throw new Error(`no client request is open and the client opened no GET stream within ${timeoutMs} ms`);
    this.getStream.write(sseEvent(out.text));
  }

  private headersFor(post: HeldPost, out: Outgoing): Record<string, string> {
    const headers: Record<string, string> = {};
    if (post.isInitialize && eraOf(this.revision) === "session")
      headers["mcp-session-id"] = SCRIPTED_SESSION_ID;
    for (const [name, value] of Object.entries(out.http?.headers ?? {})) headers[name.toLowerCase()] = value;
    return headers;
  }

  private startStream(post: HeldPost, out: Outgoing): void {
    if (post.streaming) return;
    post.streaming = true;
    post.res.writeHead(out.http?.status ?? 200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      ...this.headersFor(post, out),
    });
  }

  private answer(post: HeldPost, id: Json, out: Outgoing): void {
    post.answered.push(id);
    const done = post.answered.length >= post.ids.length;
    if (out.message === undefined) {
      // A raw HTTP answer (status + body), e.g. a 404 for an expired session.
      if (!post.streaming) {
        post.res.writeHead(out.http?.status ?? 200, this.headersFor(post, out));
        post.res.end(out.http?.rawBody ?? "");
      } else post.res.end();
      this.drop(post);
      return;
    }
    if (post.streaming || out.http?.mode === "sse") {
      this.startStream(post, out);
      post.res.write(sseEvent(out.text));
      if (done) {
        post.res.end();
        this.drop(post);
      }
      return;
    }
    if (post.ids.length > 1)
      throw new Error('answering a batch needs http.mode "sse" (one JSON body per POST)');
    post.res.writeHead(out.http?.status ?? 200, {
      "content-type": "application/json",
      ...this.headersFor(post, out),
    });
    post.res.end(out.text);
    this.drop(post);
  }

  private drop(post: HeldPost): void {
    const index = this.held.indexOf(post);
    if (index >= 0) this.held.splice(index, 1);
  }

  async close(): Promise<void> {
    for (const post of this.held.splice(0)) post.res.destroy();
    this.getStream?.end();
    this.getStream = undefined;
  }

  closed(): Promise<CloseInfo> {
    return Promise.reject(new Error("expectClose is not available for client transcripts over http"));
  }

  async dispose(): Promise<void> {
    await this.close();
    await this.auth?.dispose();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function sseEvent(data: string): string {
  return `event: message\ndata: ${data.split("\n").join("\ndata: ")}\n\n`;
}
