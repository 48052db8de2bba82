import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";
import { mapInputRequests, paramsOf } from "./input-requests.js";

/**
 * 2026-07-28: the sampling requests carried in `inputRequests` ask for `includeContext:
 * "thisServer"`, whether or not the request declared `sampling.context`.
 */
export const inputRequiredSamplingContext: ServerMutant = {
  name: "input-required-sampling-context",
  defect: "Asks for includeContext thisServer in inputRequests without sampling.context declared.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/mrtr/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapInputRequests((key, input) => {
      if (input.method !== "sampling/createMessage") return [[key, input]];
      return [[key, { ...input, params: { ...paramsOf(input), includeContext: "thisServer" } }]];
    }),
  ),
};
