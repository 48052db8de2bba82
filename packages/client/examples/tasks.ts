// Run a long tool call as a task, in either era, and follow it.
import { Client, LocalError, tasksExtension, type ToolTask } from "@mcpkit/client";

export const client = new Client({
  clientInfo: { name: "my-app", version: "1.0.0" },
  extensions: [tasksExtension()], // 2026-07-28: lets the server answer with a task (off by default)
  tasks: {}, // 2025-11-25: declares `tasks`, so the server notifies status changes
});

export async function report(): Promise<string | undefined> {
  const task: ToolTask = await client.callTool(
    { name: "build-report", arguments: { quarter: "Q3" } },
    { task: { ttlMs: 30 * 60_000 } }, // the server may grant less
  );
  console.log(`task ${task.taskId}: ${task.info.status}`); // keep the id to resume after a restart
  try {
    const result = await task.result({
      onStatus: ({ status, statusMessage }) => console.log(status, statusMessage ?? ""),
      signal: AbortSignal.timeout(60 * 60_000), // stops waiting, not the task
    });
    const first = result.content[0];
    return first?.type === "text" ? first.text : undefined;
  } catch (error) {
    if (error instanceof LocalError && error.code === "cancelled") return undefined; // task.cancel()
    throw error; // the McpError the tool call raised
  }
}
