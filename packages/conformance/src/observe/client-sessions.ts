import {
  type ClientHttpRequest,
  type ParamHeader,
  clientHttpRules,
  sessionLeftOpen,
  toolParamHeaders,
} from "../invariants/client-http-rules.js";
import type { Invariants, RunObserver } from "../invariants/observer.js";
import { type Json, type JsonObject, isObject } from "../model/json.js";
import { type Revision, isRevision } from "../model/revisions.js";
import type { Breach } from "../invariants/violation.js";

/** Where a relayed HTTP exchange's answer goes: its status and head, then each message it carries. */
export interface ExchangeSink {
  head(status: number, headers: Record<string, string>): void;
  message(message: Json): void;
}

/** One session of the client under test (one initialize), judged by its own observer. */
class ObservedSession {
  revision: Revision;
  sessionId: string | undefined;
  initialized = false;
  authorized = false;
  /** The session ended: the client sent DELETE for it, or the server answered 404 (expired). */
  ended = false;
  /** Per listed tool, its `x-mcp-header` annotations (2026-07-28). */
  readonly toolHeaders = new Map<string, readonly ParamHeader[]>();
  private observer: RunObserver | undefined;
  /** The initialize request, judged once its answer tells the negotiated revision. */
  private opening: { text: string; message: Json } | undefined;
  /** Breaches of the initialize exchange's HTTP request, reported with it. */
  private held: Breach[] = [];

  constructor(
    private readonly owner: ClientSessions,
    readonly index: number,
    asked: Revision,
  ) {
    this.revision = asked;
  }

  private run(): RunObserver {
    this.observer ??= this.owner.invariants.forRun({
      transcript: `observe/client session ${this.index}`,
      revision: this.revision,
      transport: "http",
      side: "client",
    });
    this.observer.step = "traffic";
    return this.observer;
  }

  /** A client message (or batch). An initialize waits for its answer. */
  fromClient(text: string, message: Json | undefined): void {
    if (this.observer === undefined && message !== undefined && isInitialize(message)) {
      this.opening = { text, message };
      return;
    }
    this.flush();
    this.run().received(text, message);
  }

  /** A message the server sent the client: the answer to initialize fixes the revision. */
  fromServer(message: Json): void {
    const tools = isObject(message) && isObject(message.result) ? message.result.tools : undefined;
    if (Array.isArray(tools))
      for (const tool of tools) {
        if (!isObject(tool) || typeof tool.name !== "string" || this.toolHeaders.size >= 10_000) continue;
        const headers = toolParamHeaders(tool.inputSchema ?? null);
        if (headers === undefined) this.toolHeaders.delete(tool.name);
        else this.toolHeaders.set(tool.name, headers);
      }
    if (this.opening !== undefined && isObject(message) && !Object.hasOwn(message, "method")) {
      const result = isObject(message.result) ? message.result : undefined;
      const version = result?.protocolVersion;
      if (typeof version === "string" && isRevision(version)) this.revision = version;
      if (result !== undefined) this.initialized = true;
      this.flush();
    }
    this.run().sent(message);
  }

  /** Judges a held initialize (at the revision it asked for, when no answer came). */
  flush(): void {
    const opening = this.opening;
    if (opening === undefined) return;
    this.opening = undefined;
    const run = this.run();
    run.received(opening.text, opening.message);
    for (const breach of this.held.splice(0)) run.report(breach);
  }

  /** The client exited holding this session: it did not end it with DELETE (SHOULD). */
  leftOpen(): void {
    if (this.sessionId !== undefined) this.run().report(sessionLeftOpen(this.sessionId));
  }

  /** Judges the HTTP request itself (after its body went to `fromClient`). */
  http(request: ClientHttpRequest): void {
    const breaches = clientHttpRules(request, this);
    if (this.opening !== undefined) this.held.push(...breaches);
    else for (const breach of breaches) this.run().report(breach);
  }
}

function isInitialize(message: Json): boolean {
  return isObject(message) && message.method === "initialize";
}

/** The revision a message asks for: initialize's protocolVersion or the 2026-07-28 `_meta`. */
function askedRevision(message: Json, header: string | undefined): Revision | undefined {
  const first = Array.isArray(message) ? message[0] : message;
  const params: JsonObject = isObject(first) && isObject(first.params) ? first.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  for (const candidate of [params.protocolVersion, meta["io.modelcontextprotocol/protocolVersion"], header])
    if (typeof candidate === "string" && isRevision(candidate)) return candidate;
  return undefined;
}

const MAX_SESSIONS = 256;

/**
 * Sorts the HTTP traffic of a client under test (possibly several clients of one process) into
 * sessions: an initialize without a session id opens one; the Mcp-Session-Id the server hands out
 * names it. A request without a session id belongs to the newest session (with a server that hands
 * out none, run one client at a time: their sessions cannot be told apart).
 */
export class ClientSessions {
  private readonly sessions: ObservedSession[] = [];
  private readonly byId = new Map<string, ObservedSession>();
  /** Every JSON-RPC message the client sent. */
  messages = 0;

  constructor(
    readonly invariants: Invariants,
    private readonly fallback: Revision,
  ) {}

  private open(revision: Revision): ObservedSession {
    const session = new ObservedSession(this, this.sessions.length + 1, revision);
    if (this.sessions.length < MAX_SESSIONS) this.sessions.push(session);
    else this.sessions[this.sessions.length - 1] = session;
    return session;
  }

  /** One HTTP request of the client; returns where its answer goes. */
  request(
    method: string,
    url: string,
    headers: Record<string, string>,
    text: string | undefined,
  ): ExchangeSink {
    let body: Json | undefined;
    if (text !== undefined && text !== "") {
      try {
        body = JSON.parse(text) as Json;
      } catch {
        body = undefined;
      }
    }
    const named = headers["mcp-session-id"];
    const asked = body === undefined ? undefined : askedRevision(body, headers["mcp-protocol-version"]);
    let session = named === undefined ? undefined : this.byId.get(named);
    if (session === undefined && body !== undefined && isInitialize(body) && named === undefined)
      session = this.open(asked ?? this.fallback);
    session ??= this.sessions.at(-1) ?? this.open(asked ?? this.fallback);
    const current = session;
    if (method === "DELETE" && named !== undefined && named === current.sessionId) current.ended = true;
    if (text !== undefined && text !== "" && method === "POST") {
      this.messages++;
      current.fromClient(text, body);
    }
    const judged: ClientHttpRequest = { method, headers, url };
    if (body !== undefined) judged.body = body;
    else if (text !== undefined && text !== "") judged.text = text;
    current.http(judged);
    return {
      head: (status, head) => {
        if (status === 404 && named !== undefined && named === current.sessionId) current.ended = true;
        const id = head["mcp-session-id"];
        if (id !== undefined && current.sessionId === undefined && body !== undefined && isInitialize(body)) {
          current.sessionId = id;
          if (this.byId.size < MAX_SESSIONS) this.byId.set(id, current);
        }
      },
      message: (message) => current.fromServer(message),
    };
  }

  /**
   * Judges what is still held (an initialize that got no answer) and, when the client `left` (it
   * exited by itself), every session it kept without sending DELETE.
   */
  finish(left: boolean): void {
    for (const session of this.sessions) {
      session.flush();
      if (left && session.sessionId !== undefined && !session.ended) session.leftOpen();
    }
  }
}
