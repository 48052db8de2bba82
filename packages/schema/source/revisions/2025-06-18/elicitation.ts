/**
 * 2025-06-18 elicitation: a server asks the user, through the client, to fill in a small form whose
 * fields are flat primitives (string, number, boolean, or a string enum).
 */
import {
  arr,
  bool,
  doc,
  extend,
  int,
  lit,
  num,
  obj,
  oneOf,
  opt,
  record,
  ref,
  str,
  types,
} from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { requestOf, resultOf } from "../2024-11-05/jsonrpc.js";
import { capabilityFlag, lifecycle } from "../2024-11-05/lifecycle.js";
import { clientResults, serverRequests } from "../2024-11-05/unions.js";
import { refsTo } from "../../dsl.js";

/** The label every form field may carry. */
const fieldLabel = { title: opt(str()), description: opt(str()) };

/** The form an elicitation asks for: an object schema whose properties are primitive fields. */
export const requestedSchema = obj({
  type: lit("object"),
  properties: record(ref("PrimitiveSchemaDefinition")),
  required: opt(arr(str())),
});

/** Params of `elicitation/create`. */
export const elicitParams = obj({ message: str(), requestedSchema });

export const elicitationAdded = {
  ElicitRequest: doc(
    "Asks the user, via the client, for structured input.",
    requestOf("elicitation/create", elicitParams),
  ),
  // Divergence from upstream's JSON export, which writes these values as string|integer|boolean:
  // the specification's TypeScript allows any number, and number fields may hold fractions.
  ElicitResult: doc(
    "The user's answer: accepted with values, declined, or dismissed.",
    resultOf({
      action: oneOf("accept", "cancel", "decline"),
      content: opt(record(types("string", "number", "boolean"))),
    }),
  ),
  PrimitiveSchemaDefinition: doc(
    "One field of an elicitation form.",
    refsTo("StringSchema", "NumberSchema", "BooleanSchema", "EnumSchema"),
  ),
  StringSchema: obj({
    type: lit("string"),
    ...fieldLabel,
    minLength: opt(int()),
    maxLength: opt(int()),
    format: opt(oneOf("date", "date-time", "email", "uri")),
  }),
  NumberSchema: obj({
    type: oneOf("integer", "number"),
    ...fieldLabel,
    minimum: opt(num()),
    maximum: opt(num()),
  }),
  BooleanSchema: obj({ type: lit("boolean"), ...fieldLabel, default: opt(bool()) }),
  EnumSchema: doc(
    "A choice among fixed strings, optionally with display names.",
    obj({ type: lit("string"), ...fieldLabel, enum: arr(str()), enumNames: opt(arr(str())) }),
  ),
} satisfies Definitions;

export const elicitationChanged = {
  ClientCapabilities: extend(lifecycle.ClientCapabilities, { elicitation: opt(capabilityFlag()) }),
  ServerRequest: refsTo(...serverRequests, "ElicitRequest"),
  ClientResult: refsTo(...clientResults, "ElicitResult"),
} satisfies Definitions;
