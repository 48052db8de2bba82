import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { RELATED_TASK } from "../server-mutants/tasks-helpers.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** 2025-11-25: tasks/get results carry the related-task _meta, which they should leave out. */
export const taskGetRelatedMeta: ServerMutant = {
  name: "task-get-related-meta",
  defect: "Adds the related-task _meta to tasks/get results.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tasks/get", (result) => {
      const meta = isObject(result._meta) ? result._meta : {};
      return { ...result, _meta: { ...meta, [RELATED_TASK]: { taskId: result.taskId } } };
    }),
  ),
};
