import type { JsonRpcPayload, RequestId, Transport } from "@mcpkit/core";

/** Options of {@link relay}. */
export interface RelayOptions {
  /** The side that talks to a client (it sends requests to the server). */
  readonly clientSide: Transport;
  /** The side that talks to the server. */
  readonly serverSide: Transport;
  /** What went wrong along the way (unreadable frames, failed sends), for stderr. */
  readonly log: (message: string) => void;
  /** Bound on requests tracked in flight (the oldest are forgotten past it). Default 10 000. */
  readonly maxInFlight?: number;
}

type Message = { id?: RequestId; method?: string; params?: { _meta?: { progressToken?: unknown } } };

function isObject(value: unknown): value is Message {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Passes JSON-RPC messages both ways between two transports, unchanged: the core of `bridge`
 * (stdio in front of a remote server) and `serve` (HTTP in front of a stdio server). Messages
 * the server sends while handling a request (progress, logging, its own requests) are related to
 * that request, so an HTTP client side sends them on that request's stream: by progress token
 * when they carry one, else to the newest request in flight. A request the server side cannot
 * take is answered at once with an error. Resolves when either side closes (the other is closed).
 */
export async function relay({
  clientSide,
  serverSide,
  log,
  maxInFlight = 10_000,
}: RelayOptions): Promise<void> {
  /** Requests from the client side not answered yet: id -> progress token. */
  const inFlight = new Map<RequestId, unknown>();
  let finish: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const end = (from: string, error?: Error) => {
    if (error) log(`${from} closed: ${error.message}`);
    void clientSide.close().catch(() => {});
    void serverSide.close().catch(() => {});
    finish();
  };
  const related = (message: Message): RequestId | undefined => {
    if (message.id !== undefined && message.method === undefined) return message.id; // a response
    const token =
      message.params?._meta?.progressToken ?? (message.params as { progressToken?: unknown })?.progressToken;
    if (token !== undefined) for (const [id, t] of inFlight) if (t === token) return id;
    let newest: RequestId | undefined;
    for (const id of inFlight.keys()) newest = id;
    return newest;
  };

  await serverSide.start({
    onMessage: (value) => {
      const relatedRequestId = isObject(value) ? related(value) : undefined;
      if (isObject(value) && value.method === undefined && value.id !== undefined) inFlight.delete(value.id);
      clientSide
        .send(value as JsonRpcPayload, relatedRequestId !== undefined ? { relatedRequestId } : undefined)
        .catch((error: Error) => log(`could not pass a message to the client: ${error.message}`));
    },
    onUnreadable: (frame) => log(`the server sent an unreadable message (${frame.problem}): ${frame.detail}`),
    onClose: (error) => end("the server", error),
  });
  await clientSide.start({
    onMessage: (value) => {
      const request =
        isObject(value) && value.method !== undefined && value.id !== undefined ? value : undefined;
      if (request?.id !== undefined) {
        inFlight.set(request.id, request.params?._meta?.progressToken);
        if (inFlight.size > maxInFlight) inFlight.delete(inFlight.keys().next().value as RequestId);
      }
      serverSide.send(value as JsonRpcPayload).catch((error: Error) => {
        if (request?.id === undefined) {
          log(`could not pass a message to the server: ${error.message}`);
          return;
        }
        inFlight.delete(request.id);
        const answer = { jsonrpc: "2.0", id: request.id, error: { code: -32603, message: error.message } };
        void clientSide.send(answer as JsonRpcPayload, { relatedRequestId: request.id }).catch(() => {});
      });
    },
    onUnreadable: (frame) => log(`the client sent an unreadable message (${frame.problem}): ${frame.detail}`),
    onClose: (error) => end("the client", error),
  });
  return ended;
}
