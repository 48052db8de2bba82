/** 2025-03-26 lets either side send several messages at once as a JSON array (a batch). */
import { anyOf, arr, doc, ref } from "../../dsl.js";
import type { Definitions } from "../../revision.js";

/** A batch of requests and notifications. */
export const batchRequest = arr(anyOf(ref("JSONRPCRequest"), ref("JSONRPCNotification")));

/** A batch of responses and errors, answering a batch request. */
export const batchResponse = arr(anyOf(ref("JSONRPCResponse"), ref("JSONRPCError")));

export const batchingAdded = {
  JSONRPCBatchRequest: doc("Several requests and notifications sent as one array.", batchRequest),
  JSONRPCBatchResponse: doc("The responses to a batch, as one array.", batchResponse),
} satisfies Definitions;

export const batchingChanged = {
  // The union spells the batch arrays out in place rather than referring to the batch definitions.
  JSONRPCMessage: doc(
    "Any message on the wire: a single message or a batch.",
    anyOf(
      ref("JSONRPCRequest"),
      ref("JSONRPCNotification"),
      batchRequest,
      ref("JSONRPCResponse"),
      ref("JSONRPCError"),
      batchResponse,
    ),
  ),
} satisfies Definitions;
