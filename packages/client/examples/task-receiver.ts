// Let a 2025-11-25 server run sampling and elicitation requests of this client as tasks.
import { Client } from "@mcpkit/client";

declare function askModel(prompt: string): Promise<string>;

export const client = new Client({
  clientInfo: { name: "my-app", version: "1.0.0" },
  sampling: async () => ({
    role: "assistant",
    content: { type: "text", text: await askModel("...") },
    model: "my-model",
  }),
  tasks: { receive: true, maxTasks: 20, maxTtlMs: 10 * 60_000 },
});
// client.capabilities.tasks:
// { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } }
