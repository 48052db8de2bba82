import { largeRequest, utf8Length } from "./payloads.js";
import type { ContractOptions } from "./types.js";

export interface ResolvedOptions {
  readonly maxMessageBytes: number | undefined;
  readonly closeFromB: boolean;
  readonly bCanInitiate: boolean;
  readonly batches: boolean;
  readonly jsonFraming: boolean;
  readonly rawFrames: boolean;
  readonly largeMessageBytes: number;
  readonly timeoutMs: number;
  readonly quietMs: number;
}

/** The smallest limit the too-large checks can build payloads for. */
const MIN_MAX_BYTES = 1024;

/** Fills in defaults and rejects settings under which a check could not mean anything. */
export function resolveOptions(options: ContractOptions = {}): ResolvedOptions {
  const resolved: ResolvedOptions = {
    maxMessageBytes: options.maxMessageBytes,
    closeFromB: options.closeFromB ?? true,
    bCanInitiate: options.bCanInitiate ?? true,
    batches: options.batches ?? true,
    jsonFraming: options.jsonFraming ?? true,
    rawFrames: options.rawFrames ?? false,
    largeMessageBytes: options.largeMessageBytes ?? 8 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 15_000,
    quietMs: options.quietMs ?? 25,
  };
  if (!Number.isSafeInteger(resolved.largeMessageBytes) || resolved.largeMessageBytes < 16) {
    throw new RangeError(
      `largeMessageBytes must be an integer of at least 16, got ${resolved.largeMessageBytes}`,
    );
  }
  const max = resolved.maxMessageBytes;
  if (max !== undefined && (!Number.isSafeInteger(max) || max < MIN_MAX_BYTES)) {
    throw new RangeError(`maxMessageBytes must be an integer of at least ${MIN_MAX_BYTES}, got ${max}`);
  }
  if (max !== undefined) {
    // Measured, not estimated: JSON escapes make the frame about 19/16 of the string.
    const frame = utf8Length(JSON.stringify(largeRequest(resolved.largeMessageBytes)));
    if (frame > max) {
      throw new RangeError(
        `the large-message check's frame (${frame} bytes for largeMessageBytes ${resolved.largeMessageBytes}) must fit in maxMessageBytes (${max}); lower largeMessageBytes`,
      );
    }
  }
  if (!(resolved.timeoutMs > 0) || !(resolved.quietMs >= 0)) {
    throw new RangeError("timeoutMs must be positive and quietMs not negative");
  }
  return resolved;
}
