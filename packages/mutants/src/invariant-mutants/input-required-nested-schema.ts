import { isObject } from "../inject/json.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";
import { mapInputRequests, paramsOf } from "./input-requests.js";

/**
 * 2026-07-28: the elicitations carried in `inputRequests` (input_required results, tasks waiting
 * for input) ask for a nested object: requestedSchema gains an `address` object property.
 */
export const inputRequiredNestedSchema: ServerMutant = {
  name: "input-required-nested-schema",
  defect: "Carries elicitations in inputRequests whose requestedSchema has a nested object property.",
  transports: EVERY_TRANSPORT,
  subset: {
    transport: "stdio",
    ids: ["server/mrtr/*", "server/tasks-extension/*"],
    revisions: ["2026-07-28"],
  },
  inject: rewriting(
    mapInputRequests((key, input) => {
      if (input.method !== "elicitation/create") return [[key, input]];
      const params = paramsOf(input);
      const schema = isObject(params.requestedSchema) ? params.requestedSchema : { type: "object" };
      const properties = isObject(schema.properties) ? schema.properties : {};
      const address = { type: "object", properties: { street: { type: "string" } } };
      const requestedSchema = { ...schema, properties: { ...properties, address } };
      return [[key, { ...input, params: { ...params, requestedSchema } }]];
    }),
  ),
};
