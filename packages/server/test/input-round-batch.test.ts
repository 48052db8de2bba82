import { describe, expect, it } from "vitest";
import { connect, newServer, plain } from "./helpers.js";

const form = (field: string) => ({
  message: `${field}?`,
  requestedSchema: {
    type: "object" as const,
    properties: { [field]: { type: "string" as const } },
    required: [field],
  },
});

/** A tool that asks two questions together and a third after them. */
function batchServer() {
  const server = newServer();
  let runs = 0;
  server.tool({ name: "trip", inputSchema: { type: "object" } }, async (_args, ctx) => {
    runs++;
    const [from, to] = await Promise.all([ctx.elicit(form("from")), ctx.elicit(form("to"))]);
    const roots = await ctx.listRoots();
    const text = `${String(from.content?.from)} -> ${String(to.content?.to)} (${roots.roots.length} roots)`;
    return { content: [{ type: "text", text }] };
  });
  return { server, runs: () => runs };
}

describe("several inputs in one input_required round (2026-07-28)", () => {
  it("questions asked together share one round; later ones get the next", async () => {
    const { server, runs } = batchServer();
    const client = await connect(server, "2026-07-28", { elicitation: {}, roots: {} });
    const first = await client.result("tools/call", { name: "trip" });
    expect(first).toMatchObject({
      resultType: "input_required",
      inputRequests: {
        "input-1": { method: "elicitation/create", params: form("from") },
        "input-2": { method: "elicitation/create", params: form("to") },
      },
    });
    expect(Object.keys(first.inputRequests as object)).toEqual(["input-1", "input-2"]);
    const second = await client.result("tools/call", {
      name: "trip",
      requestState: first.requestState,
      inputResponses: {
        "input-1": { action: "accept", content: { from: "Oslo" } },
        "input-2": { action: "accept", content: { to: "Rome" } },
      },
    });
    expect(second).toMatchObject({
      resultType: "input_required",
      inputRequests: { "input-3": { method: "roots/list", params: {} } },
    });
    expect(Object.keys(second.inputRequests as object)).toEqual(["input-3"]);
    const done = await client.result("tools/call", {
      name: "trip",
      requestState: second.requestState,
      inputResponses: { "input-3": { roots: [{ uri: "file:///a" }] } },
    });
    expect(plain(done)).toEqual({ content: [{ type: "text", text: "Oslo -> Rome (1 roots)" }] });
    expect(runs()).toBe(3);
    await server.close();
  });

  it("an answer to only one of them asks again for the other alone", async () => {
    const { server } = batchServer();
    const client = await connect(server, "2026-07-28", { elicitation: {}, roots: {} });
    const first = await client.result("tools/call", { name: "trip" });
    const again = await client.result("tools/call", {
      name: "trip",
      requestState: first.requestState,
      inputResponses: { "input-1": { action: "accept", content: { from: "Oslo" } } },
    });
    expect(again).toMatchObject({ resultType: "input_required" });
    expect(again.inputRequests).toEqual({ "input-2": { method: "elicitation/create", params: form("to") } });
    await server.close();
  });
});
