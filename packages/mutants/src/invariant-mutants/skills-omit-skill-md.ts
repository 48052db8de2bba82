import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";
import { mapSkillEntries } from "./skills-helpers.js";

/** skills/list entries list their skill's files but leave out the SKILL.md itself. */
export const skillsOmitSkillMd: ServerMutant = {
  name: "skills-omit-skill-md",
  defect: "Lists each skill's resources without its SKILL.md.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/skills/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapSkillEntries((entry) =>
      Array.isArray(entry.resources)
        ? {
            ...entry,
            resources: entry.resources.filter((r: unknown) => (r as { uri?: unknown }).uri !== entry.uri),
          }
        : entry,
    ),
  ),
};
