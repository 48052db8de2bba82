import { isObject, isResponse } from "../inject/json.js";
import type { ClientMutant } from "../mutant.js";

const RELATED_TASK = "io.modelcontextprotocol/related-task";

/**
 * Answers the server without saying which task an answer belongs to: the related-task `_meta` key
 * is removed from every result the client sends (answers to a task's elicitation, and its own
 * `tasks/result` answers as a receiver).
 */
export const dropsRelatedTaskMeta: ClientMutant = {
  name: "drops-related-task-meta",
  defect: "Leaves the io.modelcontextprotocol/related-task _meta out of answers tied to a task.",
  transports: ["stdio"],
  subset: {
    transport: "stdio",
    ids: ["client/tasks/input-required", "client/tasks/receiver-elicitation"],
    revisions: ["2025-11-25"],
  },
  outbound: (line) => {
    if (!isResponse(line) || !isObject(line.result) || !isObject(line.result._meta)) return [line];
    const { [RELATED_TASK]: _dropped, ...meta } = line.result._meta;
    return [{ ...line, result: { ...line.result, _meta: meta } }];
  },
};
