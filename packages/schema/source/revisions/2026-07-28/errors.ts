/**
 * Named errors. The standard JSON-RPC errors get a definition each, and the stateless design adds
 * three of its own in the range the specification now reserves for itself (-32020 to -32099;
 * -32000 to -32019 are left to implementations).
 */
import { allOf, arr, doc, type JsonSchema, lit, obj, opt, ref, str, unknown } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { jsonrpc } from "./shapes.js";

/** The `error` member of a response, with its code fixed. */
function errorObject(code: number): JsonSchema {
  return obj({ code: lit(code), message: str(), data: opt(unknown()) });
}

/** A whole JSON-RPC error response for one code; `data`, when given, is required. */
function errorResponse(code: number, data?: JsonSchema): JsonSchema {
  const fixed = data === undefined ? obj({ code: lit(code) }) : obj({ code: lit(code), data });
  return obj({ jsonrpc, id: opt(ref("RequestId")), error: allOf(ref("Error"), fixed) });
}

export const errors: RevisionPiece = {
  summary: [
    "Error codes -32020 to -32099 are reserved for the specification: HeaderMismatchError (-32020), MissingRequiredClientCapabilityError (-32021) and UnsupportedProtocolVersionError (-32022, listing the supported versions).",
    "The JSON-RPC standard errors have named definitions; an unknown resource is now reported as invalid params (-32602).",
  ],
  added: {
    ParseError: doc("The message was not valid JSON (-32700).", errorObject(-32700)),
    InvalidRequestError: doc("The message was not a valid request (-32600).", errorObject(-32600)),
    MethodNotFoundError: doc("The method is unknown or not offered (-32601).", errorObject(-32601)),
    InvalidParamsError: doc(
      "The params were invalid, or named an unknown resource (-32602).",
      errorObject(-32602),
    ),
    InternalError: doc("The receiver failed while handling the request (-32603).", errorObject(-32603)),
    HeaderMismatchError: doc(
      "HTTP headers missing, malformed, or disagreeing with the body (-32020).",
      errorResponse(-32020),
    ),
    MissingRequiredClientCapabilityError: doc(
      "The request needs client capabilities the client did not declare (-32021).",
      errorResponse(-32021, obj({ requiredCapabilities: ref("ClientCapabilities") })),
    ),
    UnsupportedProtocolVersionError: doc(
      "The server does not speak the requested protocol version (-32022).",
      errorResponse(-32022, obj({ supported: arr(str()), requested: str() })),
    ),
  },
};
