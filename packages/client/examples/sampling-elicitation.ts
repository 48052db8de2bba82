// Answer the server's questions: sampling and elicitation (as requests in the session era,
// as input-required rounds in 2026-07-28: the same handlers either way).
import { Client } from "@mcpkit/client";

declare function askModel(prompt: string, maxTokens: number): Promise<string>;
declare function askUser(message: string, fields: string[]): Promise<Record<string, string> | undefined>;
declare function openBrowser(url: string): Promise<boolean>;

export const client = new Client({
  clientInfo: { name: "my-app", version: "1.0.0" },
  sampling: async ({ messages, maxTokens }) => {
    const last = messages.at(-1)?.content;
    const prompt = last && !Array.isArray(last) && last.type === "text" ? last.text : "";
    return {
      role: "assistant",
      content: { type: "text", text: await askModel(prompt, maxTokens) },
      model: "my-model",
    };
  },
  elicitation: {
    form: async ({ message, requestedSchema }) => {
      const answer = await askUser(message, Object.keys(requestedSchema.properties));
      return answer ? { action: "accept", content: answer } : { action: "decline" };
    },
    url: async ({ url }) => ({ action: (await openBrowser(url)) ? "accept" : "cancel" }),
    applyDefaults: true, // fields the user left out get the schema's default
  },
});
client.on("elicitationComplete", ({ elicitationId }) => console.log(`finished: ${elicitationId}`));
