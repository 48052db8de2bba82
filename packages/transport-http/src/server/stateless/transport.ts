import {
  type HttpRefusal,
  LocalError,
  MetaKey,
  statelessRevisions,
  type JsonRpcPayload,
  type MessageContext,
  type RequestId,
  type SendOptions,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import { encodePayload } from "../../shared/frame.js";
import type { InboundRequest } from "../inbound.js";
import type { Reply } from "../reply.js";
import { type ExchangeForm, StatelessExchange } from "./exchange.js";

/** The `_meta` key tagging each notification of a `subscriptions/listen` stream with the listen request's id. */
const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Settings of the stateless transport, from the handler's options. */
export interface StatelessTransportSettings {
  readonly maxMessageBytes: number;
  readonly keepAliveMs: number;
}

/** One request in flight: its exchange and the id its client gave it. */
interface InFlight {
  readonly clientId: RequestId;
  readonly exchange: StatelessExchange;
}

/**
 * The server side of the stateless era (2026-07-28) of a Streamable HTTP endpoint, as one core
 * `Transport` shared by every stateless request: the endpoint makes it on the first stateless
 * POST and hands it to `onStateless` once, so one `server.connect(transport)` serves all stateless
 * clients. Each request gets a fresh internal id (two clients may both send id 1), mapped back on
 * its response and on `_meta["io.modelcontextprotocol/subscriptionId"]`; messages the server sends
 * with `relatedRequestId` go on that request's answer. Nothing else has anywhere to go in this era
 * and is dropped. Before the first client request the transport delivers one enveloped request
 * for a method nobody serves (its error answer is swallowed), so an adaptive server engine settles
 * on the stateless era whatever the first client sends.
 *
 * @example
 * ```ts
 * const handler = createStreamableHttpHandler({
 *   onSession: (transport) => server.connect(transport),
 *   // One engine session serves every 2026-07-28 client of this endpoint.
 *   onStateless: (transport) => server.connect(transport),
 * });
 * ```
 */
export class StatelessHttpServerTransport implements Transport {
  readonly closed: Promise<void>;
  private handlers: TransportHandlers | undefined;
  private readonly inbox: [unknown, MessageContext][] = [];
  private readonly inflight = new Map<string, InFlight>();
  private readonly prefix = `stateless-${crypto.randomUUID().slice(0, 8)}-`;
  private readonly primeId = `${this.prefix}prime`;
  private counter = 0;
  private ended = false;
  private resolveClosed: () => void = () => {};

  /** @internal Made by the handler. */
  constructor(private readonly settings: StatelessTransportSettings) {
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  /** Whether the transport has closed. */
  get isClosed(): boolean {
    return this.ended;
  }

  /** Requests being answered now (listen streams included). */
  get inflightCount(): number {
    return this.inflight.size;
  }

  /** Starts the transport: from now on what arrives goes to `handlers`. */
  async start(handlers: TransportHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "the transport is already started");
    if (this.ended) throw new LocalError("connection_closed", "the stateless HTTP transport has closed");
    this.handlers = handlers;
    const newest = statelessRevisions[statelessRevisions.length - 1];
    handlers.onMessage({
      jsonrpc: "2.0",
      id: this.primeId,
      method: "mcpkit/stateless-era",
      params: { _meta: { [MetaKey.protocolVersion]: newest } },
    });
    for (const [value, context] of this.inbox.splice(0)) handlers.onMessage(value, context);
  }

  /** Sends one payload (a message or a batch) to the peer. */
  async send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    if (this.ended) throw new LocalError("connection_closed", "the stateless HTTP transport has closed");
    for (const message of Array.isArray(payload) ? payload : [payload]) this.route(message, options);
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  async close(): Promise<void> {
    this.end();
    return this.closed;
  }

  /** @internal A notification arrived (nothing answers it). */
  deliver(message: JsonObject, context: MessageContext): void {
    if (this.ended) return;
    if (this.handlers) this.handlers.onMessage(message, context);
    else this.inbox.push([message, context]);
  }

  /**
   * @internal A request arrived: it runs under a fresh internal id; the promise settles with the
   * HTTP answer. `http` is the HTTP request carrying it: its answer's body sinks come from it, and
   * the request is cancelled when its client goes away.
   */
  exchange(
    request: JsonObject & { readonly id: RequestId },
    context: MessageContext,
    form: ExchangeForm,
    http: Pick<InboundRequest, "openBody" | "onGone">,
  ): Promise<Reply> {
    this.counter += 1;
    const internalId = `${this.prefix}${this.counter}`;
    const exchange = new StatelessExchange(form, http, () => this.inflight.delete(internalId));
    this.inflight.set(internalId, { clientId: request.id, exchange });
    http.onGone(() => exchange.cancel());
    // Object.assign for the context: a spread with an added key is slow on Node 20 (docs/performance.md).
    const delivered = Object.assign({}, context, { signal: exchange.signal });
    if (!exchange.done) this.deliver({ ...request, id: internalId }, delivered);
    return exchange.response;
  }

  private route(message: JsonRpcPayload | JsonObject, options: SendOptions | undefined): void {
    if (!isObject(message)) return;
    if (typeof message.method === "string" && "id" in message) {
      throw new LocalError("method_unavailable", "a stateless-era server sends no requests");
    }
    if ("id" in message && message.method === undefined) {
      this.answer(message, options?.httpRefusal);
      return;
    }
    const related = options?.relatedRequestId;
    const flight = typeof related === "string" ? this.inflight.get(related) : undefined;
    // Unrelated messages have no stream in this era (change notifications go on listen streams).
    if (!flight) return;
    flight.exchange.notify(
      encodePayload(
        this.mapSubscriptionId(message, flight) as unknown as JsonRpcPayload,
        this.settings.maxMessageBytes,
      ),
    );
  }

  private answer(response: JsonObject, refusal: HttpRefusal | undefined): void {
    const id = response.id;
    if (id === this.primeId || typeof id !== "string") return;
    const flight = this.inflight.get(id);
    if (!flight) return; // cancelled: the client is gone
    const mapped = this.mapSubscriptionId({ ...response, id: flight.clientId }, flight);
    const code =
      isObject(response.error) && typeof response.error.code === "number" ? response.error.code : undefined;
    let json: string;
    try {
      json = encodePayload(mapped as unknown as JsonRpcPayload, this.settings.maxMessageBytes);
    } catch (error) {
      // The client still gets an answer, so its request does not hang.
      const failure = {
        jsonrpc: "2.0",
        id: flight.clientId,
        error: { code: -32603, message: "Internal error: the answer could not be sent" },
      };
      flight.exchange.respond(JSON.stringify(failure), -32603);
      throw error;
    }
    flight.exchange.respond(json, code, refusal);
  }

  /**
   * A listen stream's notifications and its final result carry the listen request's id in
   * `_meta`: the client's id, not the internal one.
   */
  private mapSubscriptionId(message: JsonObject, flight: InFlight): JsonObject {
    const key = "params" in message ? "params" : "result";
    const body = message[key];
    if (!isObject(body) || !isObject(body._meta) || !(SUBSCRIPTION_ID in body._meta)) return message;
    return { ...message, [key]: { ...body, _meta: { ...body._meta, [SUBSCRIPTION_ID]: flight.clientId } } };
  }

  /** @internal Ends the transport: open answers end, `onClose` runs once. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const flight of [...this.inflight.values()]) flight.exchange.end();
    this.inflight.clear();
    this.inbox.length = 0;
    this.handlers?.onClose();
    this.resolveClosed();
  }
}
