import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** Answers a task-creating tools/call in the 2025-11-25 shape: `{ task: {...} }`, no resultType "task". */
export const taskResultNested: ServerMutant = {
  name: "task-result-nested",
  defect:
    'Answers a task-creating tools/call of the tasks extension nested as { task }, without resultType "task".',
  transports: ["stdio", "http", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks-extension/lifecycle"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResultsOf("tools/call", (result) => {
      if (result.resultType !== "task") return result;
      const { resultType: _dropped, _meta, ...task } = result;
      return { task, ...(_meta === undefined ? {} : { _meta }) };
    }),
  ),
};
