// A POST's stream resumed through another node while the node that runs the request still carries
// it on: the resume replays what was stored, then follows the rest live (relayed over the bus),
// each event once, and ends with the answer.
import type { ToolResult } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { startFleet } from "./fleet-helpers.js";
import type { SseEvent } from "../src/index.js";
import { openRawSession, openSse } from "./helpers.js";
import { closedAfterEach, deferred } from "./task-helpers.js";

const open = closedAfterEach();

describe("a POST's stream resumed through another node while its node runs on", () => {
  it("replays, then follows the rest live until the answer: every event once, in order", async () => {
    const gate = deferred<void>();
    const fleet = await startFleet(3, (server, index) => {
      server.tool({ name: "halting", inputSchema: { type: "object" } }, async (_args, ctx) => {
        await ctx.progress(1, 4);
        await ctx.progress(2, 4);
        await gate.promise;
        await ctx.progress(3, 4);
        await ctx.progress(4, 4);
        return { content: [{ type: "text", text: `done on node ${index}` }] } satisfies ToolResult;
      });
    });
    open.push(fleet);
    const { headers: session } = await openRawSession(fleet.url, "2025-06-18");
    const call = await openSse(fleet.url, {
      method: "POST",
      headers: session,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "halting", arguments: {}, _meta: { progressToken: "t" } },
      }),
    });
    const callNode = fleet.order.at(-1);
    const first = (await call.next()) as SseEvent;
    const second = (await call.next()) as SseEvent;
    expect([first, second].map((event) => JSON.parse(event.data).params.progress)).toEqual([1, 2]);
    // The client loses the stream after the first progress and resumes through the next node.
    call.abort();
    const resumed = await openSse(fleet.url, {
      headers: { ...session, accept: "text/event-stream", "last-event-id": first.id as string },
    });
    expect(resumed.response.status).toBe(200);
    expect(fleet.order.at(-1)).not.toBe(callNode);
    const replayed = (await resumed.next()) as SseEvent;
    expect(replayed).toEqual(second);
    gate.resolve();
    const rest = await resumed.rest();
    expect(
      rest.map((event) => JSON.parse(event.data).params?.progress ?? JSON.parse(event.data).result),
    ).toEqual([3, 4, { content: [{ type: "text", text: `done on node ${callNode}` }] }]);
    const ids = [first, second, ...rest].map((event) => event.id as string);
    expect(new Set(ids).size).toBe(4 + 1);
  });

  it("a GET stream with nothing but its priming event resumes through another node (200, not 410)", async () => {
    const fleet = await startFleet(3, () => {});
    open.push(fleet);
    const { headers: session } = await openRawSession(fleet.url, "2025-11-25");
    const get = await openSse(fleet.url, { headers: { ...session, accept: "text/event-stream" } });
    const getNode = fleet.order.at(-1);
    const priming = (await get.next()) as SseEvent;
    expect(priming.data).toBe("");
    get.abort();
    // As after that node died: the client resumes from the priming event elsewhere.
    const resumed = await openSse(fleet.url, {
      headers: { ...session, accept: "text/event-stream", "last-event-id": priming.id as string },
    });
    expect(fleet.order.at(-1)).not.toBe(getNode);
    expect(resumed.response.status).toBe(200);
    resumed.abort();
  });
});
