import type { RequestId } from "@mcpkit/core";
import { MediaType } from "../../shared/headers.js";
import { isRequest, isResponse } from "../../shared/messages.js";
import { type AnswerForms, answerMode } from "../negotiate.js";
import type { InboundRequest } from "../inbound.js";
import type { JsonResponse } from "../options.js";
import { RefusalCode, refusal } from "../refusal.js";
import { type Reply, emptyReply } from "../reply.js";
import type { Verified } from "../authenticate.js";
import { checkStatelessHeaders } from "./header-check.js";
import { StatelessHttpServerTransport, type StatelessTransportSettings } from "./transport.js";
import { contextOf } from "../message-context.js";

/** What the stateless side of the endpoint needs from the handler. */
export interface StatelessEndpointSettings extends StatelessTransportSettings {
  readonly jsonResponse: JsonResponse;
  /** Receives the shared transport (the handler's `onStateless`). */
  readonly onStateless: (transport: StatelessHttpServerTransport) => unknown;
  readonly onError: (error: unknown) => void;
}

/** An HTTP answer carrying one JSON-RPC error for request `id`. */
function errorAnswer(status: number, id: RequestId | null, error: object): Reply {
  return {
    status,
    headers: { "content-type": MediaType.json },
    body: JSON.stringify({ jsonrpc: "2.0", id, error }),
  };
}

/**
 * The stateless-era (2026-07-28) half of a Streamable HTTP endpoint: checks a POST's headers
 * against its body, then runs it on the one shared {@link StatelessHttpServerTransport}, made on
 * the first stateless POST (and again after the engine closed it).
 */
export class StatelessEndpoint {
  private transport: StatelessHttpServerTransport | undefined;
  private starting: Promise<StatelessHttpServerTransport | Reply> | undefined;
  private shutDown = false;

  constructor(private readonly settings: StatelessEndpointSettings) {}

  /**
   * Answers one stateless POST whose body is parsed JSON-RPC (Content-Type and Accept already
   * checked); `verified` when the endpoint checked its credentials.
   */
  async post(
    request: InboundRequest,
    body: unknown,
    forms: AnswerForms,
    verified?: Verified,
  ): Promise<Reply> {
    if (Array.isArray(body)) {
      return refusal(400, "Invalid Request: the 2026-07-28 era takes one message per POST, not a batch");
    }
    const message = body as Record<string, unknown>;
    if (isResponse(message)) {
      return refusal(400, "Invalid Request: clients send no responses in the 2026-07-28 era");
    }
    const requestId = isRequest(message) ? message.id : undefined;
    if (requestId === undefined && "id" in message) {
      return refusal(400, "Invalid Request: a request id must be a string or a number");
    }
    const mismatch = checkStatelessHeaders(request, message);
    if (mismatch) return errorAnswer(400, requestId ?? null, mismatch);
    const listen = message.method === "subscriptions/listen";
    if (listen && !forms.sse) {
      return refusal(406, "Not Acceptable: subscriptions/listen answers with text/event-stream");
    }
    const transport = await this.current();
    if (!(transport instanceof StatelessHttpServerTransport)) return transport;
    const context = contextOf(request, verified);
    if (requestId === undefined) {
      transport.deliver(message, context);
      return emptyReply(202);
    }
    const form = {
      // A listen stream is a stream whatever the option says.
      mode: listen ? "sse" : answerMode(this.settings.jsonResponse, forms),
      errorsAsJson: forms.json,
      keepAliveMs: this.settings.keepAliveMs,
    } as const;
    return transport.exchange({ ...message, id: requestId }, context, form, request);
  }

  /** Closes the shared transport; later stateless POSTs get 503. */
  async close(): Promise<void> {
    this.shutDown = true;
    await this.transport?.close();
  }

  /** The live shared transport, made and handed to the engine on first use. */
  private current(): Promise<StatelessHttpServerTransport | Reply> {
    if (this.shutDown) return Promise.resolve(refusal(503, "Service Unavailable: the endpoint is closing"));
    if (this.transport && !this.transport.isClosed) return Promise.resolve(this.transport);
    this.starting ??= this.create().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async create(): Promise<StatelessHttpServerTransport | Reply> {
    const { maxMessageBytes, keepAliveMs } = this.settings;
    const transport = new StatelessHttpServerTransport({ maxMessageBytes, keepAliveMs });
    try {
      await this.settings.onStateless(transport);
    } catch (error) {
      this.settings.onError(error);
      transport.end();
      return refusal(
        500,
        "Internal error: the stateless engine could not be set up",
        RefusalCode.internalError,
      );
    }
    this.transport = transport;
    return transport;
  }
}
