/**
 * A server that answers each POST with one JSON body (the official 2.x with `enableJsonResponse:
 * true`) sends its response headers only with the result. Our session-era HTTP client must not
 * let a slow call hold back later requests, nor the `notifications/cancelled` aimed at it.
 */
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningHttp, startOfficialV2Http } from "../fixtures/official-http.js";
import { fixtureClient } from "../test/support/our-client-suite.js";
import { eventually, sleep } from "../test/support/paths.js";

let http: RunningHttp;
beforeAll(async () => {
  http = await startOfficialV2Http("stateful-json");
});
afterAll(async () => {
  await http?.close();
});

it("a JSON-answering server gets concurrent requests and the cancellation while a call runs", async () => {
  const client = fixtureClient("2025-06-18");
  await client.connect(() => new StreamableHttpClientTransport(http.url));
  try {
    const controller = new AbortController();
    let slowSettled = false;
    const slow = client
      .callTool({ name: "slow" }, { signal: controller.signal })
      .catch((e: unknown) => e)
      .finally(() => {
        slowSettled = true;
      });
    await sleep(150);
    const text = await client.callTool({ name: "text" });
    expect(text.content).toEqual([{ type: "text", text: "hello" }]);
    // Answered while the slow call (about 5 s) still runs: it did not wait behind it.
    expect(slowSettled).toBe(false);
    controller.abort();
    await slow;
    const seen = await eventually(async () => {
      const result = await client.callTool({ name: "cancelled" });
      const answer = (result.content[0] as { text: string }).text;
      return answer === "yes" ? answer : undefined;
    }, 25);
    expect(seen).toBe("yes"); // the server saw the abort while the handler ran
  } finally {
    await client.close();
  }
});
