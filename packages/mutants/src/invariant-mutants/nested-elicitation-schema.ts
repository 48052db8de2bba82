import { isObject, isRequest } from "../inject/json.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** Asks for a nested object in a form elicitation: requestedSchema gains an `address` object property. */
export const nestedElicitationSchema: ServerMutant = {
  name: "nested-elicitation-schema",
  defect: "Sends elicitation/create whose requestedSchema has a nested object property.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/elicitation/*"], revisions: ["2025-11-25"] },
  inject: rewriting({
    outbound: (payload) => {
      if (!isRequest(payload) || payload.method !== "elicitation/create" || !isObject(payload.params))
        return [payload];
      const schema = isObject(payload.params.requestedSchema) ? payload.params.requestedSchema : {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      const address = { type: "object", properties: { street: { type: "string" } } };
      const requestedSchema = { ...schema, properties: { ...properties, address } };
      return [{ ...payload, params: { ...payload.params, requestedSchema } }];
    },
  }),
};
