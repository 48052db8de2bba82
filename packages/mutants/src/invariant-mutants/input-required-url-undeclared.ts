import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";
import { mapInputRequests } from "./input-requests.js";

/**
 * 2026-07-28: next to each elicitation it asks for in `inputRequests`, asks for a URL-mode
 * elicitation too, whatever elicitation modes the request declared.
 */
export const inputRequiredUrlUndeclared: ServerMutant = {
  name: "input-required-url-undeclared",
  defect: "Adds a URL-mode elicitation to inputRequests for clients that declared form mode only.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/mrtr/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapInputRequests((key, input) => {
      if (input.method !== "elicitation/create") return [[key, input]];
      const url = {
        method: "elicitation/create",
        params: {
          mode: "url",
          message: "Sign in to continue",
          url: "https://example.com/sign-in",
          elicitationId: `${key}-url`,
        },
      };
      return [
        [key, input],
        [`${key}_url`, url],
      ];
    }),
  ),
};
