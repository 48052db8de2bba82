import { Client } from "@mcpkit/client";
import { afterEach, describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { withTimeout } from "./helpers.js";
import { type StatelessFixture, startFixture } from "./stateless-helpers.js";

// @mcpkit/client over StreamableHttpClientTransport against the stateless era of the endpoint:
// the two halves of 2026-07-28 Streamable HTTP, each built without the other's code.

let fixture: StatelessFixture | undefined;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await fixture?.close();
  fixture = undefined;
});

async function connected(
  mode: "auto" | "stateless" = "stateless",
): Promise<{ client: Client; fixture: StatelessFixture }> {
  fixture ??= await startFixture();
  const client = new Client({
    clientInfo: { name: "e2e", version: "1" },
    mode,
    elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) },
  });
  clients.push(client);
  await client.connect(new StreamableHttpClientTransport(fixture.url));
  return { client, fixture };
}

describe("@mcpkit/client in the stateless era against the endpoint", () => {
  it("settles on 2026-07-28 when probing (auto), and calls tools", async () => {
    const { client, fixture } = await connected("auto");
    expect(client.era).toBe("stateless");
    expect(client.revision).toBe("2026-07-28");
    expect(await client.callTool({ name: "echo", arguments: { text: "e2e" } })).toMatchObject({
      content: [{ type: "text", text: "e2e" }],
    });
    expect(fixture.http.handler.sessionCount).toBe(0);
  });

  it("runs the input_required round of a tool that elicits", async () => {
    const { client } = await connected();
    const result = await client.callTool({ name: "ask_name", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: "Hello, Ada!" }]);
  });

  it("reports progress from the request's stream", async () => {
    const { client } = await connected();
    const seen: number[] = [];
    const result = await client.callTool(
      { name: "progress", arguments: {} },
      { onProgress: (progress: { progress: number }) => seen.push(progress.progress) },
    );
    expect(result.content).toEqual([{ type: "text", text: "finished" }]);
    expect(seen).toEqual([1, 2]);
  });

  it("cancels the handler when the caller aborts", async () => {
    const { client, fixture } = await connected();
    const controller = new AbortController();
    const call = client.callTool({ name: "wait", arguments: {} }, { signal: controller.signal });
    await withTimeout(fixture.observed.waitStarted, 3000, "the wait tool to start");
    controller.abort();
    await expect(call).rejects.toThrow();
    await withTimeout(fixture.observed.waitAborted, 3000, "the server handler's signal to abort");
  });

  it("receives list changes and resource updates on a listen stream", async () => {
    const { client, fixture } = await connected();
    const subscription = client.listen({ toolsListChanged: true, resourceSubscriptions: ["file:///a"] });
    expect(await withTimeout(subscription.acknowledged, 3000, "the acknowledgement")).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ["file:///a"],
    });
    const updated = new Promise((resolve) => client.on("resourceUpdated", resolve));
    const changed = new Promise((resolve) => client.on("toolsChanged", resolve));
    fixture.server.resourceUpdated("file:///a");
    fixture.server.tool({ name: "late", inputSchema: { type: "object" } }, () => ({ content: [] }));
    expect(await withTimeout(updated, 3000, "resourceUpdated")).toEqual({ uri: "file:///a" });
    await withTimeout(changed, 3000, "toolsChanged");
    subscription.close();
    const [session] = [...fixture.server.sessions];
    await withTimeout(subscription.ended, 3000, "the subscription to end");
    const deadline = Date.now() + 3000;
    while (session?.listenerCount !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(session?.listenerCount).toBe(0);
  });
});
