import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** Pads every completion result to 101 values (at most 100 are allowed). */
export const tooManyCompletions: ServerMutant = {
  name: "too-many-completions",
  defect: "Answers completion/complete with 101 values (the limit is 100).",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/completion/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("completion/complete", (result) => {
      if (!isObject(result.completion) || !Array.isArray(result.completion.values)) return result;
      const values = [...result.completion.values];
      for (let i = values.length; i < 101; i++) values.push(`padding-${i}`);
      return { ...result, completion: { ...result.completion, values } };
    }),
  ),
};
