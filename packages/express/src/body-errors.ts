/** What an `express.json()` (body-parser) refusal becomes at the MCP endpoint. */
export type BodyParserRefusal =
  | { readonly kind: "malformed"; readonly text: string }
  | { readonly kind: "refused"; readonly status: number; readonly body: string };

/** The fields body-parser puts on its errors (`http-errors` with `type`, `body`, `limit`). */
interface ParserError {
  readonly type?: unknown;
  readonly body?: unknown;
  readonly limit?: unknown;
}

/**
 * Reads a body-parser error: a body that is not JSON (`entity.parse.failed`, with the text the
 * endpoint should answer itself) or one over the parser's limit (`entity.too.large`, answered
 * 413 as the endpoint answers one over `maxBodyBytes`); undefined for any other error.
 */
export function bodyParserRefusal(error: unknown): BodyParserRefusal | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { type, body, limit } = error as ParserError;
  if (type === "entity.parse.failed" && typeof body === "string") return { kind: "malformed", text: body };
  if (type === "entity.too.large") {
    const message =
      typeof limit === "number"
        ? `Payload Too Large: the limit is ${limit} bytes`
        : "Payload Too Large: over the body parser's limit";
    const json = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message } });
    return { kind: "refused", status: 413, body: json };
  }
  return undefined;
}
