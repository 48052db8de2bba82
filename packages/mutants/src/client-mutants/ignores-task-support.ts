import { isObject } from "../inject/json.js";
import type { ClientMutant } from "../mutant.js";
import { onResponse } from "./lines.js";

/**
 * Asks for tasks wherever it likes: the initialize result reaches the client with
 * `tasks.requests.tools.call` added, and every listed tool with `execution.taskSupport` "optional",
 * so the client's own checks of the server's and the tool's task support never fire.
 */
export const ignoresTaskSupport: ClientMutant = {
  name: "ignores-task-support",
  defect:
    "Sends params.task to a server without tasks.requests.tools.call or to a tool whose taskSupport is absent or forbidden.",
  transports: ["stdio"],
  subset: {
    transport: "stdio",
    ids: ["client/tasks/forbidden-tool", "client/tasks/no-task-support", "client/tasks/no-capability"],
    revisions: ["2025-11-25"],
  },
  inbound: onResponse((response) => {
    const result = response.result;
    if (!isObject(result)) return response;
    if (isObject(result.capabilities) && "protocolVersion" in result) {
      const tasks = isObject(result.capabilities.tasks) ? result.capabilities.tasks : {};
      const withCall = { ...tasks, requests: { tools: { call: {} } } };
      return {
        ...response,
        result: { ...result, capabilities: { ...result.capabilities, tasks: withCall } },
      };
    }
    if (Array.isArray(result.tools)) {
      const tools = result.tools.map((tool) =>
        isObject(tool) ? { ...tool, execution: { taskSupport: "optional" } } : tool,
      );
      return { ...response, result: { ...result, tools } };
    }
    return response;
  }),
};
