/** What a Fastify content-type parser refusal becomes at the MCP endpoint. */
export type ParserRefusal =
  | { readonly kind: "serve"; readonly body: string | undefined }
  | { readonly kind: "refused"; readonly status: number; readonly body: string };

const refusal = (status: number, code: number, message: string): ParserRefusal => ({
  kind: "refused",
  status,
  body: JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }),
});

/**
 * Reads a refusal of Fastify's body parsing (`FST_ERR_CTP_*`). The endpoint answers what it can
 * see itself: an empty JSON body (400, -32700) and a media type with no parser, whose body
 * Fastify left unread (415). Malformed JSON (whose text the parser did not keep) is answered 400
 * with JSON-RPC -32700 and a body over `limit` 413, each as the endpoint words it. Undefined
 * for any other error.
 */
export function parserRefusal(error: unknown, limit: number): ParserRefusal | undefined {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { kind: "serve", body: "" };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { kind: "serve", body: undefined };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return refusal(400, -32700, `Parse error: ${(error as Error).message}`);
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return refusal(413, -32600, `Payload Too Large: the limit is ${limit} bytes`);
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return refusal(400, -32600, "Bad Request: the Content-Length does not match the body");
    default:
      return undefined;
  }
}
