import type { Revision } from "@mcpkit/schema";
import type { RequestId } from "../jsonrpc/types.js";
import type { MessageContext } from "../transport.js";
import type { EraStrategy } from "../eras/era.js";
import type { JsonObject, NotifyOptions, Params, PeerInfo, RequestContext, RequestOptions } from "./types.js";

/** What a handler's context needs from its connection. */
export interface ContextHost {
  readonly era: EraStrategy;
  request(method: string, params: Params | undefined, options: RequestOptions): Promise<JsonObject>;
  notify(method: string, params: Params | undefined, options: NotifyOptions): Promise<void>;
}

export interface ContextSource {
  readonly id: RequestId;
  readonly method: string;
  readonly params: Params;
  readonly revision: Revision;
  readonly peer: PeerInfo;
  readonly context: MessageContext;
  readonly signal: AbortSignal;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The context of one inbound request's handler, and `finish` to call when the handler is done
 * (after which progress is no longer sent).
 */
export function createRequestContext(
  host: ContextHost,
  source: ContextSource,
): { ctx: RequestContext; finish(): void } {
  const { id, params, signal } = source;
  const token = isObject(params._meta) ? params._meta.progressToken : undefined;
  const related = { relatedRequestId: id };
  let done = false;
  let lastProgress = Number.NEGATIVE_INFINITY;
  const ctx: RequestContext = {
    signal,
    requestId: id,
    method: source.method,
    revision: source.revision,
    era: host.era.era,
    context: source.context,
    peer: source.peer,
    input: undefined,
    sendProgress: async (progress) => {
      // Progress must increase, needs the requester's token, and ends with the request.
      if (done || token === undefined || !(progress.progress > lastProgress)) return;
      lastProgress = progress.progress;
      await host.notify("notifications/progress", { progressToken: token, ...progress }, related);
    },
    sendNotification: (method, notificationParams) => host.notify(method, notificationParams, related),
    sendRequest: (method, requestParams, options) =>
      host.request(method, requestParams, { ...options, ...related, signal: options?.signal ?? signal }),
  };
  return {
    ctx,
    finish: () => {
      done = true;
    },
  };
}
