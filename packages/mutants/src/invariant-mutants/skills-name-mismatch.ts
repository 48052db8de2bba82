import { isObject } from "../inject/json.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";
import { mapSkillEntries } from "./skills-helpers.js";

/** skills/list entries carry a frontmatter name that is not their uri's last skill-path segment. */
export const skillsNameMismatch: ServerMutant = {
  name: "skills-name-mismatch",
  defect: "Lists skills whose frontmatter name differs from the name in their uri (a -v2 suffix).",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/skills/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapSkillEntries((entry) =>
      isObject(entry.frontmatter) && typeof entry.frontmatter.name === "string"
        ? { ...entry, frontmatter: { ...entry.frontmatter, name: `${entry.frontmatter.name}-v2` } }
        : entry,
    ),
  ),
};
