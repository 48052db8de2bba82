import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** tasks/get leaves out the task's ttl. */
export const taskGetWithoutTtl: ServerMutant = {
  name: "task-get-without-ttl",
  defect: "tasks/get leaves out the task's ttl.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/create-and-get"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tasks/get", (result) => {
      const { ttl: _dropped, ...rest } = result;
      return rest;
    }),
  ),
};
