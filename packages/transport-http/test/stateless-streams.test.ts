import { describe, expect, it } from "vitest";
import { withTimeout } from "./helpers.js";
import { call, envelope, messagesOf, post, postSse, fixturePerTest } from "./stateless-helpers.js";
import { jsonOf } from "./stateless-helpers.js";
import { forEachHttpPath } from "./http-paths.js";

const start = fixturePerTest();

/** Bounded wait for a condition polled every 10 ms. */
async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const TAG = "io.modelcontextprotocol/subscriptionId";

forEachHttpPath(() => {
  describe("request ids", () => {
    it("two clients using the same id at once each get their own answer under that id", async () => {
      const { url, observed } = await start();
      const held = postSse(url, call(1, "tools/call", { name: "hold", arguments: {} }));
      // Let the held call reach the engine before the second one with the same id.
      await until(() => (start.current?.stateless()?.inflightCount ?? 0) === 1, "the held call");
      const quick = await post(url, call(1, "tools/call", { name: "echo", arguments: { text: "second" } }), {
        accept: "application/json",
      });
      expect(await jsonOf(quick)).toMatchObject({
        id: 1,
        result: { content: [{ type: "text", text: "second" }] },
      });
      observed.release();
      const messages = await messagesOf(await held);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ id: 1, result: { content: [{ type: "text", text: "held" }] } });
      expect(start.current?.stateless()?.inflightCount).toBe(0);
    });

    it("200 concurrent clients all using id 1 each get their own answer", async () => {
      const { url } = await start();
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const body = call(1, "tools/call", { name: "echo", arguments: { text: `client-${i}` } });
          return jsonOf(await post(url, body, { accept: "application/json" }));
        }),
      );
      expect(answers.map((answer) => [answer.id, answer.result.content[0].text])).toEqual(
        Array.from({ length: 200 }, (_, i) => [1, `client-${i}`]),
      );
      expect(start.current?.stateless()?.inflightCount).toBe(0);
      // For the report, not an assertion: loopback, shared CI-sized machine.
      console.info(`200 concurrent stateless tools/call: ${Date.now() - started} ms`);
    });

    it("runs every stateless client on one engine session, made once", async () => {
      const { url, server } = await start();
      await Promise.all(
        [1, 2, 3].map(async (id) =>
          (await post(url, call(id, "tools/list"), { accept: "application/json" })).json(),
        ),
      );
      expect([...server.sessions].map((s) => s.era)).toEqual(["stateless"]);
    });
  });

  describe("closing a request's stream cancels it", () => {
    it("aborting the fetch aborts the handler's signal, and nothing is kept", async () => {
      const { url, observed, server } = await start();
      const controller = new AbortController();
      const pending = post(
        url,
        call("w", "tools/call", { name: "wait", arguments: {} }),
        {},
        controller.signal,
      );
      await withTimeout(observed.waitStarted, 3000, "the wait tool to start");
      controller.abort();
      await expect(pending).rejects.toThrow();
      await withTimeout(observed.waitAborted, 3000, "the handler's signal to abort");
      await until(
        () => start.current?.stateless()?.inflightCount === 0,
        "the transport to forget the request",
      );
      const [session] = [...server.sessions];
      await until(() => session?.connection.diagnostics().inflightRequests === 0, "the engine to forget it");
      expect(session?.connection.diagnostics()).toMatchObject({ inflightRequests: 0, signalListeners: 0 });
    });

    it("aborting after the SSE stream opened cancels too, and the endpoint keeps serving", async () => {
      const { url, observed } = await start({ keepAliveMs: 50 });
      // keepAliveMs 50: a quiet SSE answer commits 200 and starts keep-alives after 50 ms.
      const reader = await postSse(url, call("w2", "tools/call", { name: "wait", arguments: {} }));
      expect(reader.response.status).toBe(200);
      await withTimeout(observed.waitStarted, 3000, "the wait tool to start");
      reader.abort();
      await withTimeout(observed.waitAborted, 3000, "the handler's signal to abort");
      await until(
        () => start.current?.stateless()?.inflightCount === 0,
        "the transport to forget the request",
      );
      const next = await post(url, call("after", "tools/list"), { accept: "application/json" });
      expect(next.status).toBe(200);
    });
  });

  describe("subscriptions/listen", () => {
    it("streams the acknowledgement, then subscribed notifications tagged with the client's id", async () => {
      const { url, server } = await start();
      const listen = call("sub-1", "subscriptions/listen", {
        notifications: { toolsListChanged: true, resourceSubscriptions: ["file:///a"] },
      });
      const reader = await postSse(url, listen);
      expect(reader.response.headers.get("content-type")).toBe("text/event-stream");
      const first = JSON.parse((await reader.next())?.data ?? "null");
      expect(first).toEqual({
        jsonrpc: "2.0",
        method: "notifications/subscriptions/acknowledged",
        params: {
          notifications: { toolsListChanged: true, resourceSubscriptions: ["file:///a"] },
          _meta: { [TAG]: "sub-1" },
        },
      });
      server.resourceUpdated("file:///a");
      server.resourceUpdated("file:///not-subscribed");
      server.tool({ name: "added", inputSchema: { type: "object" } }, () => ({ content: [] }));
      const next = async () => JSON.parse((await reader.next())?.data ?? "null");
      expect(await next()).toEqual({
        jsonrpc: "2.0",
        method: "notifications/resources/updated",
        params: { uri: "file:///a", _meta: { [TAG]: "sub-1" } },
      });
      expect(await next()).toEqual({
        jsonrpc: "2.0",
        method: "notifications/tools/list_changed",
        params: { _meta: { [TAG]: "sub-1" } },
      });
      const [session] = [...server.sessions];
      expect(session?.listenerCount).toBe(1);
      reader.abort();
      await until(() => session?.listenerCount === 0, "the listener to go");
      expect(start.current?.stateless()?.inflightCount).toBe(0);
    });

    it("ends with the listen result when the server closes", async () => {
      const { url, server } = await start();
      const reader = await postSse(
        url,
        call(42, "subscriptions/listen", { notifications: { toolsListChanged: true } }),
      );
      expect(JSON.parse((await reader.next())?.data ?? "null").method).toBe(
        "notifications/subscriptions/acknowledged",
      );
      await server.close();
      expect(await messagesOf(reader)).toEqual([
        {
          jsonrpc: "2.0",
          id: 42,
          result: {
            _meta: {
              [TAG]: 42,
              "io.modelcontextprotocol/serverInfo": { name: "stateless-fixture", version: "1.0.0" },
            },
            resultType: "complete",
          },
        },
      ]);
    });

    it("keeps each listener's filter: a tools change does not reach a prompts-only stream", async () => {
      const { url, server } = await start();
      const prompts = await postSse(
        url,
        call("p", "subscriptions/listen", { notifications: { promptsListChanged: true } }),
      );
      const tools = await postSse(
        url,
        call("t", "subscriptions/listen", { notifications: { toolsListChanged: true } }),
      );
      await prompts.next();
      await tools.next();
      server.tool({ name: "another", inputSchema: { type: "object" } }, () => ({ content: [] }));
      expect(JSON.parse((await tools.next())?.data ?? "null").params._meta[TAG]).toBe("t");
      server.prompt({ name: "another" }, () => ({ messages: [] }));
      expect(JSON.parse((await prompts.next())?.data ?? "null")).toEqual({
        jsonrpc: "2.0",
        method: "notifications/prompts/list_changed",
        params: { _meta: { [TAG]: "p" } },
      });
      prompts.abort();
      tools.abort();
    });
  });

  describe("input_required rounds", () => {
    it("answers input_required, then completes the retry sent with a new id and the responses", async () => {
      const { url } = await start();
      const first = await post(url, call("r1", "tools/call", { name: "ask_name", arguments: {} }), {
        accept: "application/json",
      });
      expect(first.status).toBe(200);
      const round = (await jsonOf(first)).result;
      expect(round.resultType).toBe("input_required");
      expect(round.inputRequests).toEqual({
        "input-1": {
          method: "elicitation/create",
          params: {
            message: "What is your name?",
            requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
          },
        },
      });
      expect(typeof round.requestState).toBe("string");
      const retry = call("r2", "tools/call", {
        name: "ask_name",
        arguments: {},
        inputResponses: { "input-1": { action: "accept", content: { name: "Alice" } } },
        requestState: round.requestState,
        _meta: envelope(),
      });
      const second = await post(url, retry, { accept: "application/json" });
      expect(await jsonOf(second)).toMatchObject({
        id: "r2",
        result: { resultType: "complete", content: [{ type: "text", text: "Hello, Alice!" }] },
      });
    });

    it("refuses a tampered requestState with 400 -32602", async () => {
      const { url } = await start();
      const retry = call("r3", "tools/call", {
        name: "ask_name",
        arguments: {},
        inputResponses: { "input-1": { action: "accept", content: { name: "Mallory" } } },
        requestState: "forged",
      });
      const response = await post(url, retry, { accept: "application/json" });
      expect(response.status).toBe(400);
      expect((await jsonOf(response)).error.code).toBe(-32602);
    });
  });
});
