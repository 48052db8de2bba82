import { isObject } from "../inject/json.js";
import { mapResponses } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** 2025-11-25: the created task's createdAt is a date as `Date.prototype.toString` writes it. */
export const taskTimestampsNotIso: ServerMutant = {
  name: "task-timestamps-not-iso",
  defect: "Writes a created task's createdAt as 'Mon Nov 24 2025 10:30:00 GMT+0000', not ISO 8601.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResponses((response) => {
      const result = response.result;
      if (!isObject(result) || !isObject(result.task) || typeof result.task.createdAt !== "string")
        return response;
      const createdAt = new Date(result.task.createdAt).toUTCString();
      return { ...response, result: { ...result, task: { ...result.task, createdAt } } };
    }),
  ),
};
