import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** 2026-07-28 tasks extension: tasks/get answers with resultType "task" instead of "complete". */
export const extGetResultTypeTask: ServerMutant = {
  name: "ext-get-result-type-task",
  defect: 'Answers tasks/get with resultType "task" (a CreateTaskResult discriminator), not "complete".',
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks-extension/*"], revisions: ["2026-07-28"] },
  inject: rewriting(mapResultsOf("tasks/get", (result) => ({ ...result, resultType: "task" }))),
};
