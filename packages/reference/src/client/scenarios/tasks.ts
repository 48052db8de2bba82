import { type Client, LocalError, type ToolTask, tasksExtension } from "@mcpkit/client";
import { acceptFilling } from "../answers.js";
import { type Scenario, ScenarioError, type ScenarioRun, withClient } from "../scenario.js";

/** What mcpkit-tasks does with its tool (MCP_CONFORMANCE_CONTEXT.mode). */
type TaskMode = "task" | "plain" | "cancel";

const MODES: readonly TaskMode[] = ["task", "plain", "cancel"];

/** The TTL asked for when the context names none. */
const DEFAULT_TTL_MS = 60_000;

/** The scenario's plan, read from its context: `{tool, arguments?, mode?, ttlMs?}`. */
interface TaskPlan {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly mode: TaskMode;
  readonly ttlMs: number;
}

function planFrom(context: Readonly<Record<string, unknown>>): TaskPlan {
  const { tool, arguments: args, mode, ttlMs } = context;
  if (typeof tool !== "string") throw new ScenarioError("MCP_CONFORMANCE_CONTEXT names no tool");
  const known = MODES.find((m) => m === mode);
  if (mode !== undefined && known === undefined) {
    throw new ScenarioError(`unknown mode ${JSON.stringify(mode)} (one of ${MODES.join(", ")})`);
  }
  return {
    tool,
    arguments: typeof args === "object" && args !== null && !Array.isArray(args) ? { ...args } : {},
    mode: known ?? "task",
    ttlMs: typeof ttlMs === "number" && ttlMs > 0 ? ttlMs : DEFAULT_TTL_MS,
  };
}

function firstText(content: readonly { type: string; text?: string }[]): string {
  const first = content[0];
  return first?.type === "text" && first.text !== undefined ? first.text : JSON.stringify(first ?? null);
}

/** Runs the plan's call; a local refusal (the client will not ask for a task) is logged, not thrown. */
async function perform(run: ScenarioRun, client: Client, plan: TaskPlan): Promise<void> {
  const params = { name: plan.tool, arguments: plan.arguments };
  if (plan.mode === "plain") {
    const result = await client.callTool(params);
    run.log(`${plan.tool} -> ${result.isError ? "tool error" : "ok"}: ${firstText(result.content)}`);
    return;
  }
  let task: ToolTask;
  try {
    task = await client.callTool(params, { task: { ttlMs: plan.ttlMs } });
  } catch (error) {
    if (error instanceof LocalError) {
      run.log(`${plan.tool}: not called as a task (${error.code}): ${error.message}`);
      return;
    }
    throw error;
  }
  run.log(`${plan.tool}: task ${task.taskId || "(answered at once)"} ${task.info.status}`);
  if (plan.mode === "cancel") {
    const after = await task.cancel();
    run.log(`cancelled: task ${task.taskId} is ${after.status}`);
    return;
  }
  const result = await task.result({ onStatus: ({ status }) => run.log(`status ${status}`) });
  run.log(`${plan.tool} -> ${result.isError ? "tool error" : "ok"}: ${firstText(result.content)}`);
}

/**
 * mcpkit-tasks: connect declaring tasks (2025-11-25: the `tasks` capability, as requestor and as
 * receiver of task-augmented sampling and elicitation; 2026-07-28: the
 * `io.modelcontextprotocol/tasks` extension), list the tools, then call `context.tool` with
 * `context.arguments`: as a task followed to its result (`mode` "task", the default), as a task
 * cancelled at once ("cancel"), or as a plain call ("plain"). A call the client refuses to make as a
 * task (the server or tool does not support it) is logged and ends the scenario normally.
 */
export const tasksScenario: Scenario = (run) => {
  const plan = planFrom(run.context);
  return withClient(
    run,
    {
      sampling: () => ({
        role: "assistant" as const,
        content: { type: "text" as const, text: "mcpkit sampled text" },
        model: "mcpkit-test-model",
        stopReason: "endTurn",
      }),
      elicitation: { form: acceptFilling("mcpkit") },
      tasks: { receive: true },
      extensions: [tasksExtension()],
    },
    async (client) => {
      const listed = await client.listTools();
      run.log(`listed ${listed.length} tools`);
      await perform(run, client, plan);
    },
  );
};
