/**
 * Named JSON value types. 2026-07-28 uses them for the open-ended settings objects (capabilities,
 * extension settings, sampling metadata) instead of untyped `{}` objects.
 */
import { anyOf, arr, doc, record, ref, types } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";

export const json: RevisionPiece = {
  summary: [
    "Capability and metadata objects are typed as JSON objects (JSONObject/JSONValue) rather than untyped open objects.",
  ],
  added: {
    // The specification's type is string | number | boolean | null | object | array. Upstream's
    // schema.json narrows the primitives to string | integer | boolean; we keep null and numbers.
    JSONValue: doc(
      "Any JSON value.",
      anyOf(ref("JSONObject"), arr(ref("JSONValue")), types("string", "number", "boolean", "null")),
    ),
    JSONObject: doc("A JSON object whose members are any JSON values.", record(ref("JSONValue"))),
    JSONArray: doc("A JSON array of any JSON values.", arr(ref("JSONValue"))),
  },
};
