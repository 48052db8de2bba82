import { isJsonRpcShape } from "../shared/messages.js";
import { oversizedBatch } from "./batch-limit.js";
import type { InboundRequest } from "./inbound.js";
import { RefusalCode, refusal } from "./refusal.js";
import type { Reply } from "./reply.js";

/** The limits on what a POST body may hold. */
export interface MessageLimits {
  readonly maxBodyBytes: number;
  readonly maxDiscardBytes: number;
  readonly maxBatchSize: number;
}

/**
 * Reads a POST body as one JSON-RPC message or batch (`value`), or gives the refusal of it
 * (`refused`): 413 past `maxBodyBytes`, 400 (-32700) when it is not JSON, 400 for a batch past
 * `maxBatchSize`, 400 when it is not JSON-RPC. The same rules on both endpoints (Streamable HTTP
 * and the legacy SSE one).
 */
export async function readMessage(
  request: InboundRequest,
  limits: MessageLimits,
): Promise<{ readonly value: unknown } | { readonly refused: Reply }> {
  const body = await request.readBody(limits.maxBodyBytes, limits.maxDiscardBytes);
  if (!body.ok)
    return { refused: refusal(413, `Payload Too Large: the limit is ${limits.maxBodyBytes} bytes`) };
  let value: unknown;
  try {
    value = JSON.parse(body.text);
  } catch (error) {
    return { refused: refusal(400, `Parse error: ${(error as Error).message}`, RefusalCode.parseError) };
  }
  const oversized = oversizedBatch(value, limits.maxBatchSize);
  if (oversized) return { refused: oversized };
  if (!isJsonRpcShape(value)) return { refused: refusal(400, "Invalid Request: not a JSON-RPC message") };
  return { value };
}
