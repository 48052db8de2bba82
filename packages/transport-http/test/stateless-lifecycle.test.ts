import { describe, expect, it } from "vitest";
import { POST_HEADERS, withTimeout } from "./helpers.js";
import { raw } from "./raw.js";
import { call, jsonOf, messagesOf, post, postSse, STATELESS, fixturePerTest } from "./stateless-helpers.js";
import { forEachHttpPath, serveOnPath } from "./http-paths.js";

const start = fixturePerTest();

forEachHttpPath(() => {
  describe("the shared stateless transport's life", () => {
    it("is handed to onStateless once, on the first stateless request", async () => {
      const handed: unknown[] = [];
      const http = await serveOnPath({
        onSession: () => {},
        onStateless: (transport) => {
          handed.push(transport);
        },
      });
      try {
        expect(handed).toHaveLength(0);
        // Nothing serves it here, so the answers never come: the fetches are aborted.
        const controller = new AbortController();
        const pending = [1, 2].map((id) =>
          post(http.url, call(id, "tools/list"), {}, controller.signal).catch(() => {}),
        );
        const deadline = Date.now() + 3000;
        while (handed.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        controller.abort();
        await Promise.all(pending);
        expect(handed).toHaveLength(1);
      } finally {
        await http.close();
      }
    });

    it("is made afresh when the engine closed it", async () => {
      const fixture = await start();
      const { url, server } = fixture;
      expect((await post(url, call(1, "tools/list"))).status).toBe(200);
      const first = fixture.stateless();
      await server.close();
      expect(first?.isClosed).toBe(true);
      const again = await post(url, call(2, "tools/list"), { accept: "application/json" });
      expect(again.status).toBe(200);
      expect((await jsonOf(again)).id).toBe(2);
      expect(fixture.stateless()).not.toBe(first);
    });

    it("ends open listen streams when the handler closes, then refuses with 503", async () => {
      const fixture = await start();
      const { url, http } = fixture;
      const reader = await postSse(
        url,
        call("l", "subscriptions/listen", { notifications: { toolsListChanged: true } }),
      );
      expect(JSON.parse((await reader.next())?.data ?? "null").method).toBe(
        "notifications/subscriptions/acknowledged",
      );
      await http.handler.close();
      // The stream just ends: the engine's connection closed with it, so no result comes.
      expect(await withTimeout(messagesOf(reader), 3000, "the listen stream to end")).toEqual([]);
      const refused = await post(url, call(3, "tools/list"));
      expect(refused.status).toBe(503);
      expect((await jsonOf(refused)).error.message).toBe("Service Unavailable: the endpoint is closing");
    });

    it("leaves nothing behind after a burst of answered and aborted requests", async () => {
      const fixture = await start();
      const { url, server } = fixture;
      const aborts: AbortController[] = [];
      const calls = Array.from({ length: 40 }, (_, i) => {
        if (i % 4 !== 0)
          return post(url, call(i, "tools/call", { name: "echo", arguments: { text: String(i) } })).then(
            (r) => r.text(),
          );
        const controller = new AbortController();
        aborts.push(controller);
        return post(url, call(i, "tools/call", { name: "hold", arguments: {} }), {}, controller.signal).catch(
          () => "aborted",
        );
      });
      await new Promise((r) => setTimeout(r, 100));
      for (const controller of aborts) controller.abort();
      await Promise.all(calls);
      const deadline = Date.now() + 3000;
      const session = [...server.sessions][0];
      const idle = () =>
        fixture.stateless()?.inflightCount === 0 && session?.connection.diagnostics().inflightRequests === 0;
      while (!idle() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(fixture.stateless()?.inflightCount).toBe(0);
      expect(session?.connection.diagnostics()).toMatchObject({ inflightRequests: 0, signalListeners: 0 });
    });
  });

  describe("an endpoint without onStateless", () => {
    it("treats stateless requests as session-era traffic, so modern clients fall back to initialize", async () => {
      const http = await serveOnPath({ onSession: () => {} });
      try {
        const response = await raw(http.url, {
          headers: { ...POST_HEADERS, "mcp-protocol-version": STATELESS, "mcp-method": "server/discover" },
          body: JSON.stringify(call(1, "server/discover")),
        });
        expect(response.status).toBe(400);
        expect(JSON.parse(response.body).error.message).toBe(
          "Bad Request: Mcp-Session-Id header is required",
        );
      } finally {
        await http.close();
      }
    });
  });
});
