import { isObject } from "../inject/json.js";
import { mapResponses } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, without } from "./helpers.js";

/** 2026-07-28 tasks extension: a CreateTaskResult leaves out ttlMs. */
export const extCreateWithoutTtl: ServerMutant = {
  name: "ext-create-without-ttl",
  defect: "Answers a CreateTaskResult (resultType task) without ttlMs.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks-extension/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResponses((response) =>
      isObject(response.result) && response.result.resultType === "task"
        ? { ...response, result: without(response.result, "ttlMs") }
        : response,
    ),
  ),
};
