import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** 2026-07-28 tasks extension: the tasks/cancel acknowledgement echoes the task instead of being empty. */
export const extCancelAckEchoes: ServerMutant = {
  name: "ext-cancel-ack-echoes",
  defect: "Acknowledges tasks/cancel with the task's id and status instead of an empty result.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks-extension/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResultsOf("tasks/cancel", (result, request) => {
      const params = request.params as { taskId?: unknown } | undefined;
      return { ...result, taskId: params?.taskId ?? null, status: "cancelled" };
    }),
  ),
};
