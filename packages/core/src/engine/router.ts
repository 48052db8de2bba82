import { truncateEcho } from "../echo.js";
import { LocalError, McpError } from "../errors.js";
import { classify } from "../jsonrpc/classify.js";
import { ErrorCode } from "../jsonrpc/codes.js";
import type { JsonRpcPayload, JsonRpcResponse, RequestId } from "../jsonrpc/types.js";
import { SENT, type MessageContext, type SendOptions, type UnreadableFrame } from "../transport.js";
import type { EraStrategy } from "../eras/era.js";
import { describeIssue, firstResultIssue } from "./checks.js";
import { refusalOf } from "./auth-refusal.js";
import { errorResponse, type InboundDispatcher } from "./inbound.js";
import type { PendingRequests } from "./pending.js";

/**
 * The most messages one JSON-RPC batch (2025-03-26) may hold unless a connection says otherwise:
 * a larger batch is refused whole, so one frame cannot start an unbounded number of handlers.
 */
export const DEFAULT_MAX_BATCH_SIZE = 100;

/** What the router needs from its connection. */
export interface RouterHost {
  readonly era: EraStrategy;
  /** The most messages one batch may hold. */
  readonly maxBatchSize: number;
  readonly inbound: InboundDispatcher;
  readonly pending: PendingRequests;
  readonly validateResults: boolean;
  isOpen(): boolean;
  /** Whether this side ever used the id for a request of its own. */
  issued(id: RequestId): boolean;
  send(payload: JsonRpcPayload, options: SendOptions): Promise<void>;
  report(error: Error): void;
}

type Answer = JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

const invalidRequest = (reason: string) =>
  new McpError(ErrorCode.InvalidRequest, `Invalid Request: ${reason}`);

/**
 * Everything a transport delivers, routed: requests and notifications to the dispatcher, answers to
 * the pending requests, batches (where the revision has them) and unreadable frames answered.
 */
export class MessageRouter {
  constructor(private readonly host: RouterHost) {}

  onMessage(value: unknown, context: MessageContext | undefined): void {
    if (!this.host.isOpen()) return;
    if (Array.isArray(value)) {
      this.onBatch(value, context).catch((error: unknown) => this.host.report(asError(error)));
      return;
    }
    const answer = this.route(value, context);
    if (answer instanceof Promise) {
      answer.then(
        (response) => response && this.respond(response),
        (error: unknown) => this.host.report(asError(error)),
      );
    } else if (answer) {
      this.respond(answer);
    }
  }

  onUnreadable(frame: UnreadableFrame): void {
    if (!this.host.isOpen()) return;
    const error =
      frame.problem === "parse"
        ? new McpError(ErrorCode.ParseError, `Parse error: ${truncateEcho(frame.detail)}`)
        : invalidRequest(`message too large: ${truncateEcho(frame.detail)}`);
    this.respond(errorResponse(null, error));
  }

  /** Sends the answer to an inbound request; a result the transport cannot carry becomes -32603. */
  private respond(response: JsonRpcResponse): void {
    if (!this.host.isOpen()) return;
    const refusal = refusalOf(response);
    const options =
      response.id === null
        ? {}
        : refusal
          ? { relatedRequestId: response.id, httpRefusal: refusal }
          : { relatedRequestId: response.id };
    const sent = this.host.send(response, options);
    if (sent === SENT) return;
    sent.catch((error: unknown) => {
      this.host.report(asError(error));
      if ("result" in response && this.host.isOpen()) {
        const fallback = new McpError(
          ErrorCode.InternalError,
          "Internal error: the result could not be sent",
        );
        this.host.send(errorResponse(response.id, fallback), options).catch((again: unknown) => {
          this.host.report(asError(again));
        });
      }
    });
  }

  private async onBatch(values: readonly unknown[], context: MessageContext | undefined): Promise<void> {
    if (!this.host.era.acceptsBatches()) {
      const revision = this.host.era.revision;
      const where = revision
        ? `in protocol revision ${revision}`
        : "before a protocol revision is negotiated";
      this.respond(errorResponse(null, invalidRequest(`JSON-RPC batches are not supported ${where}`)));
      return;
    }
    if (values.length === 0) {
      this.respond(errorResponse(null, invalidRequest("a batch must not be empty")));
      return;
    }
    const limit = this.host.maxBatchSize;
    if (values.length > limit) {
      const reason = `a batch of ${values.length} messages is over the limit of ${limit} (maxBatchSize)`;
      this.respond(errorResponse(null, invalidRequest(reason)));
      return;
    }
    // Every element starts in order; the answers go back together (notifications have none).
    const answers = await Promise.all(values.map((value) => this.route(value, context)));
    const responses = answers.filter((a): a is JsonRpcResponse => a !== undefined);
    if (responses.length > 0 && this.host.isOpen()) {
      await this.host.send(responses, {}).catch((error: unknown) => this.host.report(asError(error)));
    }
  }

  /** One message: the response to send, if any (at once for refusals, later for handled requests). */
  private route(value: unknown, context: MessageContext | undefined): Answer {
    const classified = classify(value);
    switch (classified.kind) {
      case "request":
        return this.host.inbound.dispatchRequest(classified.message, context);
      case "notification":
        this.host.inbound.dispatchNotification(classified.message, context);
        return undefined;
      case "result":
      case "error":
        this.settle(classified.message);
        return undefined;
      case "invalid":
        // A broken answer to one of our requests fails that request; the peer is told without the
        // id, which names a request of ours, not one of theirs.
        if (isObject(value) && !("method" in value) && ("result" in value || "error" in value)) {
          if (classified.id !== null) {
            const taken = this.host.pending.take(classified.id);
            const message = `The answer to ${taken?.method} is not valid JSON-RPC: ${classified.reason}`;
            taken?.reject(new LocalError("invalid_message", message));
          }
          return errorResponse(null, invalidRequest(classified.reason));
        }
        return errorResponse(classified.id, invalidRequest(classified.reason));
    }
  }

  /** An answer to one of our requests. */
  private settle(response: JsonRpcResponse): void {
    const { id } = response;
    const error = "error" in response ? response.error : undefined;
    if (id === null) {
      // The peer could not read something we sent; there is no request to fail.
      if (error) this.host.report(McpError.fromJson(error));
      return;
    }
    const taken = this.host.pending.take(id);
    if (!taken) {
      // Late answers (after a timeout or a cancel) are expected and ignored; others are worth a note.
      if (!this.host.issued(id)) {
        this.host.report(
          new LocalError(
            "invalid_message",
            `Received an answer to unknown request id ${truncateEcho(JSON.stringify(id))}`,
          ),
        );
      }
      return;
    }
    if (error) {
      taken.reject(McpError.fromJson(error));
      return;
    }
    const result = this.host.era.completeResult(taken.method, {
      ...("result" in response ? response.result : {}),
    });
    const issue =
      this.host.validateResults && taken.results.length > 0
        ? firstResultIssue(taken.revision, taken.results, result)
        : undefined;
    if (issue) {
      const { pointer, text } = describeIssue(issue);
      const where = `${taken.method} result does not match revision ${taken.revision}`;
      taken.reject(new LocalError("invalid_message", `The ${where}: ${pointer || "(result)"} ${text}`));
      return;
    }
    taken.resolve(result);
  }
}
