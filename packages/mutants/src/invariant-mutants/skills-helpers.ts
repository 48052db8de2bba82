import { isObject, type JsonObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import type { Rewrites } from "../inject/rewriting-transport.js";

/** Rewrites every skill entry of skills/list results. */
export function mapSkillEntries(f: (entry: JsonObject) => JsonObject): Rewrites {
  return mapResultsOf("skills/list", (result) =>
    Array.isArray(result.skills)
      ? { ...result, skills: result.skills.map((e: unknown) => (isObject(e) ? f(e) : e)) }
      : result,
  );
}
