import { isObject } from "../inject/json.js";
import type { ClientMutant } from "../mutant.js";
import { onResponse } from "./lines.js";

/**
 * Polls a task as fast as it can: the server's suggested interval is rewritten to 0 in every
 * CreateTaskResult the client receives (`task.pollInterval` at 2025-11-25, `pollIntervalMs` of a
 * `resultType: "task"` result at 2026-07-28).
 */
export const pollsWithoutDelay: ClientMutant = {
  name: "polls-without-delay",
  defect: "Polls tasks/get at once, ignoring the pollInterval the server suggested.",
  transports: ["stdio"],
  subset: {
    transport: "stdio",
    ids: ["client/tasks/call-and-poll", "client/tasks-extension/call-and-poll"],
    revisions: ["2025-11-25", "2026-07-28"],
  },
  inbound: onResponse((response) => {
    const result = response.result;
    if (!isObject(result)) return response;
    if (isObject(result.task)) {
      return { ...response, result: { ...result, task: { ...result.task, pollInterval: 0 } } };
    }
    if (result.resultType === "task") return { ...response, result: { ...result, pollIntervalMs: 0 } };
    return response;
  }),
};
