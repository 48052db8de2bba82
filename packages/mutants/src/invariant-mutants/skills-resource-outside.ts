import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";
import { mapSkillEntries } from "./skills-helpers.js";

/** skills/list entries list a file of another skill among their own resources. */
export const skillsResourceOutside: ServerMutant = {
  name: "skills-resource-outside",
  defect: "Lists, among each skill's resources, a file outside the skill's directory.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/skills/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapSkillEntries((entry) => {
      if (!Array.isArray(entry.resources)) return entry;
      const stray = { uri: "skill://elsewhere/shared/NOTES.md", digest: `sha256:${"0".repeat(64)}`, size: 0 };
      return { ...entry, resources: [...entry.resources, stray] };
    }),
  ),
};
