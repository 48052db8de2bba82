import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, without } from "./helpers.js";

/** 2025-11-25: tasks/get of a failed task says nothing about why (no statusMessage). */
export const taskFailedNoStatusMessage: ServerMutant = {
  name: "task-failed-no-status-message",
  defect: "Answers tasks/get of a failed task without statusMessage.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tasks/get", (result) =>
      result.status === "failed" ? without(result, "statusMessage") : result,
    ),
  ),
};
