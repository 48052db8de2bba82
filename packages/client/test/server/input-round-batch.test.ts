// Questions a server handler asks together (Promise.all) travel in one 2026-07-28 input_required
// round, and a real Client answers them all in its next request.
import { describe, expect, it } from "vitest";
import { connect, newServer } from "./setup.js";

describe("several inputs in one round against a real Client", () => {
  it("the client answers every request of the round; the handler runs twice, not four times", async () => {
    const server = newServer();
    let runs = 0;
    server.tool({ name: "plan", inputSchema: { type: "object" } }, async (_args, ctx) => {
      runs++;
      const [who, model, roots] = await Promise.all([
        ctx.elicit("Who?", { type: "object", properties: { name: { type: "string" } }, required: ["name"] }),
        ctx.sample({ messages: [{ role: "user", content: { type: "text", text: "pick" } }], maxTokens: 5 }),
        ctx.listRoots(),
      ]);
      const name = who.action === "accept" ? who.content.name : "nobody";
      return { content: [{ type: "text", text: `${name}/${model.model}/${roots.roots.length}` }] };
    });
    const asked: string[] = [];
    const client = await connect(server, "2026-07-28", {
      elicitation: {
        form: ({ message }) => {
          asked.push(message);
          return { action: "accept", content: { name: "ada" } };
        },
      },
      sampling: () => {
        asked.push("sample");
        return { role: "assistant", content: { type: "text", text: "x" }, model: "m1" };
      },
      roots: () => {
        asked.push("roots");
        return [{ uri: "file:///w" }];
      },
    });
    expect(await client.callTool({ name: "plan" })).toMatchObject({
      content: [{ type: "text", text: "ada/m1/1" }],
    });
    expect(asked.sort()).toEqual(["Who?", "roots", "sample"]);
    expect(runs).toBe(2);
    await server.close();
  });
});
