import { isObject, isResponse } from "../inject/json.js";
import type { ClientMutant } from "../mutant.js";
import { onMethod } from "./lines.js";

const PREFETCH_ID = "mutant-prefetch";

/**
 * Reads the pdf-processing SKILL.md as soon as it lists skills, before any skill is loaded. The
 * answer to that read is dropped, so the client itself never sees it.
 */
export const prefetchesSkill: ClientMutant = {
  name: "prefetches-skill",
  defect: "Reads a skill's SKILL.md right after skills/list, before the skill is loaded.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["client/skills/no-prefetch"], revisions: ["2026-07-28"] },
  outbound: onMethod("skills/list", (list) => {
    const meta = isObject(list.params) && isObject(list.params._meta) ? list.params._meta : {};
    return [
      list,
      {
        jsonrpc: "2.0",
        id: PREFETCH_ID,
        method: "resources/read",
        params: { uri: "skill://pdf-processing/SKILL.md", _meta: meta },
      },
    ];
  }),
  inbound: (line) => (isResponse(line) && line.id === PREFETCH_ID ? [] : [line]),
};
