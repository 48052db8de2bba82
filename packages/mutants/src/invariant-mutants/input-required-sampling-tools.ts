import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";
import { mapInputRequests, paramsOf } from "./input-requests.js";

/**
 * 2026-07-28: the sampling requests carried in `inputRequests` offer the model a tool, whether or
 * not the request declared `sampling.tools`.
 */
export const inputRequiredSamplingTools: ServerMutant = {
  name: "input-required-sampling-tools",
  defect: "Puts tools into the sampling requests of inputRequests without sampling.tools declared.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/mrtr/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapInputRequests((key, input) => {
      if (input.method !== "sampling/createMessage") return [[key, input]];
      const tools = [{ name: "lookup", inputSchema: { type: "object" } }];
      return [[key, { ...input, params: { ...paramsOf(input), tools } }]];
    }),
  ),
};
