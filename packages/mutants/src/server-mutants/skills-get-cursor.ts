import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** Adds a nextCursor to skills/get results, as if a single skill entry were a list. */
export const skillsGetCursor: ServerMutant = {
  name: "skills-get-cursor",
  defect: "Adds a nextCursor to skills/get results, as if a single skill entry were a list.",
  transports: ["stdio", "http", "ws"],
  subset: { transport: "stdio", ids: ["server/skills/get"], revisions: ["2026-07-28"] },
  inject: rewriting(mapResultsOf("skills/get", (result) => ({ ...result, nextCursor: "more" }))),
};
