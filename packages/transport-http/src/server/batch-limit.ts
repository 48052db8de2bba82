import { refusal } from "./refusal.js";
import type { Reply } from "./reply.js";

/** The default `maxBatchSize`: messages in one JSON-RPC batch (2025-03-26). */
export const DEFAULT_MAX_BATCH_SIZE = 100;

/**
 * A 400 for a batch of more than `max` messages, else undefined. Checked on the parsed body
 * before anything else looks at its members: nothing of a refused batch is delivered, no session
 * or stream is made for it.
 */
export function oversizedBatch(value: unknown, max: number): Reply | undefined {
  if (!Array.isArray(value) || value.length <= max) return undefined;
  return refusal(
    400,
    `Invalid Request: a batch of ${value.length} messages is over the limit of ${max} (maxBatchSize)`,
  );
}
