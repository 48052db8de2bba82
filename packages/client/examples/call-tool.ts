// Call a tool with progress reports and a cancel button.
import { type Client, LocalError } from "@mcpkit/client";

export async function build(client: Client, cancel: AbortSignal): Promise<string | undefined> {
  try {
    const result = await client.callTool(
      { name: "build", arguments: { target: "release" } },
      {
        signal: cancel, // aborting sends notifications/cancelled; a late answer is ignored
        onProgress: ({ progress, total, message }) =>
          console.log(`${progress}/${total ?? "?"} ${message ?? ""}`),
        timeoutMs: 30_000, // restarted by every progress report...
        maxTotalTimeoutMs: 10 * 60_000, // ...but never past ten minutes
      },
    );
    if (result.isError) return undefined;
    const first = result.content[0];
    return first?.type === "text" ? first.text : undefined;
  } catch (error) {
    if (error instanceof LocalError && error.code === "cancelled") return undefined;
    throw error;
  }
}
