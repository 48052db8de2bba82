import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Writes the hex of skills/list digests in upper case (SEP-2640 requires lower case). */
export const skillsDigestUppercase: ServerMutant = {
  name: "skills-digest-uppercase",
  defect: "Writes the hex of skills/list digests in upper case (SEP-2640 requires lower case).",
  transports: ["stdio", "http", "ws"],
  subset: { transport: "stdio", ids: ["server/skills/list-entries"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResultsOf("skills/list", (result) => {
      if (!Array.isArray(result.skills)) return result;
      for (const skill of result.skills) {
        if (!isObject(skill) || !Array.isArray(skill.resources)) continue;
        for (const file of skill.resources)
          if (isObject(file) && typeof file.digest === "string")
            file.digest = `sha256:${file.digest.slice("sha256:".length).toUpperCase()}`;
      }
      return result;
    }),
  ),
};
