import type { JsonRpcErrorObject } from "@mcpkit/core";

/**
 * An HTTP answer the client transport could not use, e.g. 401 or 500 to a POST. `send` rejects
 * with it and the transport stays open. It carries the status, the status text, the response
 * headers and body, and the JSON-RPC error when the body holds one (often an id-less refusal).
 *
 * @example
 * ```ts
 * declare const message: JsonRpcMessage;
 * declare function refreshToken(challenge: string | undefined): Promise<void>;
 * try { await transport.send(message); } catch (error) {
 *   if (error instanceof HttpStatusError && error.status === 401) await refreshToken(error.wwwAuthenticate);
 *   if (error instanceof HttpStatusError) console.log(error.rpcError?.code); // e.g. -32600
 * }
 * ```
 */
export class HttpStatusError extends Error {
  override readonly name: string = "HttpStatusError";
  /** The JSON-RPC error in the body, if the body is a JSON-RPC error response. */
  readonly rpcError: JsonRpcErrorObject | undefined;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
    readonly headers: Headers = new Headers(),
  ) {
    const rpcError = rpcErrorIn(body);
    const detail = rpcError ? `${rpcError.message} (${rpcError.code})` : body.slice(0, 200);
    super(
      `the server answered HTTP ${status}${statusText ? ` ${statusText}` : ""}${detail ? `: ${detail}` : ""}`,
    );
    this.rpcError = rpcError;
  }

  /**
   * The `WWW-Authenticate` header of the answer (a 401 names the authentication it wants there),
   * or undefined when it had none.
   */
  get wwwAuthenticate(): string | undefined {
    return this.headers.get("www-authenticate") ?? undefined;
  }
}

/** The `error` member of a JSON-RPC error response in `text`, if it is one. */
export function rpcErrorIn(text: string): JsonRpcErrorObject | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return undefined;
  const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
  if (typeof code !== "number" || typeof message !== "string") return undefined;
  return data === undefined ? { code, message } : { code, message, data };
}

// The 404 error lives in core, so that a client that never imports this package can recognise it.
export { SessionExpiredError } from "@mcpkit/core";
