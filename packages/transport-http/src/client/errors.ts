/**
 * An HTTP answer the client transport could not use, e.g. 400 or 500 to a POST. `send` rejects
 * with it and the transport stays open. `body` is the response text (often an id-less JSON-RPC error).
 *
 * @example
 * ```ts
 * try { await transport.send(message); } catch (error) {
 *   if (error instanceof HttpStatusError && error.status === 401) await refreshToken();
 * }
 * ```
 */
export class HttpStatusError extends Error {
  override readonly name = "HttpStatusError";

  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the server answered HTTP ${status}${body ? `: ${body.slice(0, 200)}` : ""}`);
  }
}
