import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, without } from "./helpers.js";

/** 2026-07-28 tasks extension: a completed task's tasks/get answer comes without its `result`. */
export const taskResultDropped: ServerMutant = {
  name: "task-result-dropped",
  defect: "Answers tasks/get for a completed task without the task's result.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks-extension/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResultsOf("tasks/get", (result) =>
      result.status === "completed" ? without(result, "result") : result,
    ),
  ),
};
