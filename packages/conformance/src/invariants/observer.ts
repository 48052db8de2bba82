import type { Requirement } from "../load/requirements.js";
import { type Json, type JsonObject, isObject } from "../model/json.js";
import type { RunResult } from "../model/result.js";
import type { Revision, TransportName } from "../model/revisions.js";
import { isMessageEvent } from "../wire/sse-parser.js";
import type { HttpExchange, StreamedEvent } from "../wire/wire.js";
import { authExchangeRules } from "./auth-exchange-rules.js";
import { clientBatchRules } from "./client-opening-rules.js";
import { clientHttpRequestRules, clientRules, clientSent } from "./client-rules.js";
import { clientWsRules } from "./client-ws-rules.js";
import { envelopeRules } from "./envelope-rules.js";
import { exchangeRules } from "./exchange-rules.js";
import { headerRules } from "./header-rules.js";
import { LegacySseRules } from "./legacy-sse-rules.js";
import { finishTokens, notificationRules, serverRequestRules } from "./notification-rules.js";
import { resultRules } from "./result-rules.js";
import { skillFileRules } from "./skill-file-rules.js";
import { skillsRules } from "./skills-rules.js";
import { StreamRules, primingRule } from "./stream-rules.js";
import { subscriptionRules } from "./subscription-rules.js";
import { RevisionKnowledge, RunState, idKey } from "./state.js";
import { taskExchangeRules } from "./task-exchange-rules.js";
import { taskAnswerRules, taskNotificationRules } from "./task-field-rules.js";
import { taskGetRules, taskStatusRules } from "./task-rules.js";
import { tasksExtensionRules } from "./tasks-extension-rules.js";
import { utf8Rule } from "./utf8-rules.js";
import { type Breach, type InvariantViolation, type Sighting, ViolationLedger } from "./violation.js";

/** What a run tells the invariants about itself. */
export interface RunIdentity {
  transcript: string;
  revision: Revision;
  transport: TransportName;
  /** The capabilities the runner declares as a client in this run. */
  clientCapabilities?: JsonObject;
  /** Who is under test (default server): a client is held to the JSON-RPC and opening rules. */
  side?: "server" | "client";
}

/**
 * The invariants' view of one run: every message the runner sends and every message it receives
 * (before a transcript's `ignore` patterns) passes through here.
 */
export class RunObserver {
  /** The step now running, for reports. */
  step = "connect";
  private readonly state: RunState;
  /** While held, breaches wait here instead of the ledger (`hold`). */
  private held: { breach: Breach; where: Sighting }[] | undefined;
  /** stdio: the last line was part of a message split over lines (or run together with another). */
  private splitting = false;
  /** Streamable HTTP: which stream each message came on. */
  private readonly streams = new StreamRules();
  /** Legacy HTTP+SSE: the event types on the stream. */
  private readonly legacy = new LegacySseRules();

  constructor(
    private readonly identity: RunIdentity,
    private readonly ledger: ViolationLedger,
    knowledge: RevisionKnowledge,
  ) {
    this.state = new RunState(
      identity.revision,
      identity.transport,
      identity.clientCapabilities ?? {},
      knowledge,
    );
  }

  /** A message (or batch) the runner sent; raw text is parsed when it is JSON. */
  sent(message: Json | undefined, text?: string): void {
    let value = message;
    if (value === undefined && text !== undefined) {
      try {
        value = JSON.parse(text) as Json;
      } catch {
        return;
      }
    }
    if (value === undefined) return;
    this.state.sent(value);
    if (this.identity.side === "client")
      for (const item of Array.isArray(value) ? value : [value]) clientSent(item, this.state);
  }

  /** A breach the observe pass found itself (e.g. pagination that does not end). */
  report(breach: Breach): void {
    this.record(breach);
  }

  /**
   * Keeps this run's breaches aside until `release`: a run on a shared process whose failure is
   * judged again on a fresh one must not report what it saw twice, or what only sharing caused.
   */
  hold(): void {
    this.held ??= [];
  }

  /** Ends `hold`: the breaches go to the ledger when `keep`, else they are dropped. */
  release(keep: boolean): void {
    const held = this.held ?? [];
    this.held = undefined;
    if (keep) for (const { breach, where } of held) this.ledger.record(breach, where);
  }

  private record(breach: Breach): void {
    const where: Sighting = {
      transcript: this.identity.transcript,
      revision: this.identity.revision,
      step: this.step,
    };
    if (this.held) this.held.push({ breach, where });
    else this.ledger.record(breach, where);
  }

  /** One Streamable HTTP exchange: its status and head, judged against the transport's rules. */
  exchanged(exchange: HttpExchange): void {
    if (this.identity.side === "client" || this.identity.transport !== "http") return;
    this.streams.exchanged(exchange);
    for (const b of exchangeRules(exchange, this.identity.revision)) this.record(b);
    for (const b of authExchangeRules(exchange, this.identity.revision)) this.record(b);
    for (const b of taskExchangeRules(exchange, this.identity.revision)) this.record(b);
  }

  /** One event of an SSE response (delivered or not), with the stream it came on. */
  streamed({ event, index, origin }: StreamedEvent): void {
    if (this.identity.side === "client") return;
    if (this.identity.transport === "sse") this.recordAll(this.legacy.judge(event));
    if (this.identity.transport !== "http") return;
    if (index === 0) this.recordAll(primingRule(event, origin, this.state));
    if (!isMessageEvent(event)) return;
    let message: Json;
    try {
      message = JSON.parse(event.data) as Json;
    } catch {
      return;
    }
    for (const item of Array.isArray(message) ? message : [message])
      this.recordAll(this.streams.judge(item, origin, this.state, this.identity.revision));
  }

  /** stdio: a line whose bytes are not valid UTF-8 (shown with U+FFFD in their place). */
  undecodable(text: string): void {
    this.recordAll(utf8Rule(text, this.identity.side ?? "server"));
  }

  /**
   * One received frame: its text and, when it parsed, its JSON; the head of the HTTP response that
   * carried it (server mode), and the head of the client's request that carried it (client mode).
   */
  received(
    text: string,
    message: Json | undefined,
    headers?: Record<string, string>,
    requestHeaders?: Record<string, string>,
  ): void {
    const server = this.identity.side !== "client";
    const breaches: Breach[] =
      headers === undefined ? [] : headerRules(headers, message ?? text, this.identity.revision);
    // A client under test over WebSocket: the headers of its upgrade request come with each frame.
    if (!server && this.identity.transport === "ws" && requestHeaders !== undefined)
      breaches.push(...clientWsRules(requestHeaders, message ?? text));
    // Over Streamable HTTP: the head of the POST that carried it.
    if (
      !server &&
      this.identity.transport === "http" &&
      requestHeaders !== undefined &&
      message !== undefined
    )
      breaches.push(...clientHttpRequestRules(requestHeaders, message, this.state));
    const transport = this.identity.transport;
    // Inside a message split over lines, a line may parse on its own (`"2025-11-25"`, `1`).
    const fragment = this.splitting && (typeof message !== "object" || message === null);
    if (message === undefined || (transport === "stdio" && fragment)) {
      if (transport === "stdio")
        breaches.push(
          server
            ? this.unparsedLine(text)
            : {
                requirement: "stdio.stdin-mcp-only",
                detail: "a line to the server's stdin that is not JSON",
                message: text,
              },
        );
      if (transport === "ws" && server)
        breaches.push({
          requirement: "ws.one-message-per-frame",
          detail: "a text frame that is not one JSON value",
          message: text,
        });
      this.recordAll(breaches);
      return;
    }
    this.splitting = false;
    if (Array.isArray(message)) {
      if (transport === "stdio" && server && this.identity.revision >= "2025-06-18")
        breaches.push({ requirement: "stdio.single-messages", detail: "a batch array on stdout", message });
      if (transport === "ws" && server && this.identity.revision >= "2025-06-18")
        breaches.push({
          requirement: "ws.one-message-per-frame",
          detail: `a batch array in one frame at ${this.identity.revision}, which has no batches`,
          message,
        });
      if (!server) breaches.push(...clientBatchRules(message));
      for (const item of message) breaches.push(...this.one(item));
    } else breaches.push(...this.one(message));
    this.recordAll(breaches);
  }

  private recordAll(breaches: Breach[]): void {
    for (const b of breaches) this.record(b);
  }

  /**
   * A stdout line that is not JSON: a piece of a message split over lines, or messages run
   * together on one line (it starts like JSON, or follows such a line), else something that is
   * not MCP at all.
   */
  private unparsedLine(text: string): Breach {
    const start = text.trimStart()[0];
    this.splitting = this.splitting || start === "{" || start === "[";
    return this.splitting
      ? {
          requirement: "stdio.newline-delimited",
          detail: "a line on stdout that holds part of a JSON message, or more than one",
          message: text,
        }
      : { requirement: "stdio.stdout-mcp-only", detail: "a line on stdout that is not JSON", message: text };
  }

  private one(message: Json): Breach[] {
    // Over HTTP a refusal's body (an OAuth error, a framework's 404 page) is HTTP, not JSON-RPC.
    if (this.identity.transport !== "stdio" && this.identity.transport !== "ws" && !looksJsonRpc(message))
      return [];
    const out = envelopeRules(message, this.state);
    if (!isObject(message)) return out;
    if (this.identity.side === "client") return [...out, ...clientRules(message, this.state)];
    if (typeof message.method === "string") {
      out.push(
        ...(Object.hasOwn(message, "id") && !message.method.startsWith("notifications/")
          ? serverRequestRules(message, this.state)
          : [
              ...notificationRules(message, this.state),
              ...subscriptionRules(message, this.state),
              ...taskStatusRules(message, undefined, this.state),
              ...taskNotificationRules(message, this.state),
            ]),
      );
      return out;
    }
    const key = idKey(message.id);
    const request = this.state.requests.get(key);
    if (request === undefined || message.id === null) return out;
    out.push(
      ...resultRules(message, request, this.state),
      ...taskStatusRules(message, request, this.state),
      ...taskGetRules(message, request, this.state),
      ...taskAnswerRules(message, request, this.state),
      ...tasksExtensionRules(message, request, this.state),
      ...skillsRules(message, request, this.state),
      ...skillFileRules(message, request, this.state),
    );
    request.answered = true;
    finishTokens(key, message.result, this.state);
    return out;
  }
}

function looksJsonRpc(message: Json): boolean {
  return (
    isObject(message) && ["jsonrpc", "id", "method", "result"].some((key) => Object.hasOwn(message, key))
  );
}

/**
 * The invariant layer of one invocation: hands out a {@link RunObserver} per run and collects
 * every violation once per requirement and revision.
 * @example
 * const invariants = new Invariants(requirements);
 * const observer = invariants.forRun({ transcript: "server/tools/list", revision: "2025-11-25", transport: "stdio" });
 * observer.received('{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}', { jsonrpc: "2.0", id: 1, result: {}, error: { code: 1, message: "x" } });
 * invariants.violations(); // [{ requirement: "base.response.not-both", ... }]
 */
export class Invariants {
  private readonly ledger: ViolationLedger;
  private readonly knowledge = new Map<Revision, RevisionKnowledge>();

  constructor(requirements?: ReadonlyMap<string, Requirement>) {
    this.ledger = new ViolationLedger(requirements);
  }

  forRun(identity: RunIdentity): RunObserver {
    let knowledge = this.knowledge.get(identity.revision);
    if (knowledge === undefined) {
      knowledge = new RevisionKnowledge();
      this.knowledge.set(identity.revision, knowledge);
    }
    return new RunObserver(identity, this.ledger, knowledge);
  }

  violations(): InvariantViolation[] {
    return this.ledger.violations();
  }

  /** One failed result per violation (`invariant/REQUIREMENT@REVISION`). */
  results(transport: TransportName): RunResult[] {
    return this.ledger.results(transport);
  }
}
