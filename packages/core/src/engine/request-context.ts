import type { Era, Revision } from "@mcpkit/schema";
import type { MessageContext } from "../transport.js";
import type { EraStrategy } from "../eras/era.js";
import type { RunningRequest } from "./running-request.js";
import type {
  InputRound,
  JsonObject,
  NotifyOptions,
  Params,
  PeerInfo,
  Progress,
  RequestContext,
  RequestOptions,
} from "./types.js";

/** What a handler's context needs from its connection. */
export interface ContextHost {
  readonly era: EraStrategy;
  request(method: string, params: Params | undefined, options: RequestOptions): Promise<JsonObject>;
  notify(method: string, params: Params | undefined, options: NotifyOptions): Promise<void>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The context of one inbound request's handler. `signal` is a getter, so the request's
 * `AbortController` is made only for handlers that look at it. The methods are made on first use
 * (most handlers use none) and then kept, so a handler may destructure them. `finish` is called
 * when the handler is done (after which progress is no longer sent).
 */
export class HandlerContext implements RequestContext {
  readonly requestId: RequestContext["requestId"];
  readonly method: string;
  readonly era: Era;
  readonly input: InputRound | undefined = undefined;
  readonly #host: ContextHost;
  readonly #running: RunningRequest;
  readonly #params: Params;
  #done = false;
  #sendProgress: RequestContext["sendProgress"] | undefined;
  #sendNotification: RequestContext["sendNotification"] | undefined;
  #sendRequest: RequestContext["sendRequest"] | undefined;

  constructor(
    host: ContextHost,
    running: RunningRequest,
    params: Params,
    readonly revision: Revision,
    readonly peer: PeerInfo,
    readonly context: MessageContext,
  ) {
    this.#host = host;
    this.#running = running;
    this.#params = params;
    this.requestId = running.id;
    this.method = running.method;
    this.era = host.era.era;
  }

  get sendProgress(): RequestContext["sendProgress"] {
    if (this.#sendProgress) return this.#sendProgress;
    const host = this.#host;
    const meta = this.#params._meta;
    const token = isObject(meta) ? meta.progressToken : undefined;
    const related = { relatedRequestId: this.requestId };
    let lastProgress = Number.NEGATIVE_INFINITY;
    this.#sendProgress = async (progress: Progress) => {
      // Progress must increase, needs the requester's token, and ends with the request.
      if (this.#done || token === undefined || !(progress.progress > lastProgress)) return;
      lastProgress = progress.progress;
      await host.notify("notifications/progress", { progressToken: token, ...progress }, related);
    };
    return this.#sendProgress;
  }

  get sendNotification(): RequestContext["sendNotification"] {
    if (this.#sendNotification) return this.#sendNotification;
    const host = this.#host;
    const related = { relatedRequestId: this.requestId };
    this.#sendNotification = (method, notificationParams) => host.notify(method, notificationParams, related);
    return this.#sendNotification;
  }

  get sendRequest(): RequestContext["sendRequest"] {
    if (this.#sendRequest) return this.#sendRequest;
    const host = this.#host;
    const running = this.#running;
    const related = { relatedRequestId: this.requestId };
    this.#sendRequest = (method, requestParams, options) =>
      host.request(
        method,
        requestParams,
        Object.assign({}, options, related, { signal: options?.signal ?? running.signal }),
      );
    return this.#sendRequest;
  }

  /** Aborted when the peer cancels the request, the transport reports the sender gone, or the connection closes. */
  get signal(): AbortSignal {
    return this.#running.signal;
  }

  /** The handler is done: progress is no longer sent. */
  finish(): void {
    this.#done = true;
  }
}
