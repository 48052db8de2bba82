import { describe, expect, it } from "vitest";
import { Connection, SessionClientEra, SessionServerEra } from "@mcpkit/core";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import type { ServeOptions } from "../src/node.js";
import { POST_HEADERS, STREAM_OPEN, withTimeout, arrived, recordingServerPerTest } from "./helpers.js";
import { forEachHttpPath, serveOnPath } from "./http-paths.js";

const startRecording = recordingServerPerTest();

/** A server whose sessions record what arrives, and one session on it. */
async function serve(options: Partial<ServeOptions> = {}) {
  const recording = await startRecording(options);
  return { url: recording.url, ...(await recording.open()) };
}

/** A POST of one request; the answer's text once the server ends the response. */
async function postText(url: string, sessionId: string, id: number, version: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...POST_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": version },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "slow" } }),
  });
  return { response, text: () => withTimeout(response.text(), 5000, "the end of the response") };
}

async function resumeText(url: string, sessionId: string, lastEventId: string): Promise<string> {
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", "mcp-session-id": sessionId, "last-event-id": lastEventId },
  });
  expect(response.status).toBe(200);
  return withTimeout(response.text(), 5000, "the end of the resumed stream");
}

forEachHttpPath(() => {
  describe("SSE polling (2025-11-25)", () => {
    it("closeStream ends the connection after a retry field; the answer comes with the resume", async () => {
      const { url, sessionId, transport, recorder } = await serve({ sseRetryMs: 250 });
      const call = await postText(url, sessionId, 5, "2025-11-25");
      await arrived(recorder, 5);
      expect(transport.closeStream(5)).toBe(true);
      // The session's events so far: p1-1 primed the initialize's stream.
      expect(await call.text()).toBe(`${STREAM_OPEN}id: p2-2\nretry: 250\ndata:\n\nretry: 250\n\n`);
      expect(transport.closeStream(5)).toBe(false);
      await transport.send({ jsonrpc: "2.0", id: 5, result: { done: true } }, { relatedRequestId: 5 });
      expect(await resumeText(url, sessionId, "p2-2")).toBe(
        `${STREAM_OPEN}id: p2-3\nevent: message\ndata: {"jsonrpc":"2.0","id":5,"result":{"done":true}}\n\n`,
      );
    });

    it("closeSseAfterMs closes each connection of a pending answer, the first and every resumed one", async () => {
      const { url, sessionId, transport, recorder } = await serve({ closeSseAfterMs: 100 });
      const started = Date.now();
      const call = await postText(url, sessionId, 6, "2025-11-25");
      await arrived(recorder, 6);
      expect(await call.text()).toBe(`${STREAM_OPEN}id: p2-2\nretry: 1000\ndata:\n\nretry: 1000\n\n`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(90);
      await transport.send(
        { jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } },
        {
          relatedRequestId: 6,
        },
      );
      // Resumed while still pending: the progress, then closed again after 100 ms.
      expect(await resumeText(url, sessionId, "p2-2")).toBe(
        `${STREAM_OPEN}id: p2-3\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\nretry: 1000\n\n`,
      );
      await transport.send({ jsonrpc: "2.0", id: 6, result: {} }, { relatedRequestId: 6 });
      expect(await resumeText(url, sessionId, "p2-3")).toBe(
        `${STREAM_OPEN}id: p2-4\nevent: message\ndata: {"jsonrpc":"2.0","id":6,"result":{}}\n\n`,
      );
    });

    it("an answer that comes in time ends the stream normally under closeSseAfterMs", async () => {
      const { url, sessionId, transport, recorder } = await serve({ closeSseAfterMs: 5000 });
      const call = await postText(url, sessionId, 8, "2025-11-25");
      await arrived(recorder, 8);
      await transport.send({ jsonrpc: "2.0", id: 8, result: {} }, { relatedRequestId: 8 });
      expect(await call.text()).toBe(
        `${STREAM_OPEN}id: p2-2\nretry: 1000\ndata:\n\nid: p2-3\nevent: message\ndata: {"jsonrpc":"2.0","id":8,"result":{}}\n\n`,
      );
    });

    it("closeStandaloneStream ends the GET connection; a resume gets what came meanwhile", async () => {
      const { url, sessionId, transport } = await serve();
      const get = await fetch(url, {
        headers: {
          accept: "text/event-stream",
          "mcp-session-id": sessionId,
          "mcp-protocol-version": "2025-11-25",
        },
      });
      const text = withTimeout(get.text(), 5000, "the GET stream's end");
      await transport.send({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(transport.closeStandaloneStream()).toBe(true);
      expect(await text).toBe(
        `${STREAM_OPEN}id: g-2\nretry: 1000\ndata:\n\nid: g-3\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\nretry: 1000\n\n`,
      );
      await transport.send({ jsonrpc: "2.0", method: "notifications/resources/list_changed" });
      const resumed = await fetch(url, {
        headers: { accept: "text/event-stream", "mcp-session-id": sessionId, "last-event-id": "g-3" },
      });
      const reader = (resumed.body as ReadableStream<Uint8Array>).getReader();
      const expected = `${STREAM_OPEN}id: g-4\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/resources/list_changed"}\n\n`;
      // The stream stays open: read until the event is whole (the chunks may split anywhere).
      const decoder = new TextDecoder();
      let received = "";
      while (received.length < expected.length) {
        const chunk = await withTimeout(reader.read(), 5000, "the resumed event");
        if (chunk.done) break;
        received += decoder.decode(chunk.value, { stream: true });
      }
      expect(received).toBe(expected);
      await reader.cancel();
    });

    for (const version of ["2025-03-26", "2025-06-18"]) {
      it(`no priming event and no early close on ${version}`, async () => {
        const { url, sessionId, transport, recorder } = await serve({ closeSseAfterMs: 50 });
        const call = await postText(url, sessionId, 9, version);
        await arrived(recorder, 9);
        expect(transport.closeStream(9)).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 120));
        await transport.send({ jsonrpc: "2.0", id: 9, result: {} }, { relatedRequestId: 9 });
        // Event ids still allow a resume on these revisions.
        expect(await call.text()).toBe(
          `${STREAM_OPEN}id: p2-2\nevent: message\ndata: {"jsonrpc":"2.0","id":9,"result":{}}\n\n`,
        );
      });
    }
  });

  describe("SSE polling end to end, with the package's client", () => {
    it("a slow tool call survives the server closing its stream every 50 ms: one result, progress in order", async () => {
      const http = await serveOnPath({
        closeSseAfterMs: 50,
        sseRetryMs: 20,
        onSession: async (transport) => {
          const connection = new Connection({
            era: new SessionServerEra({
              serverInfo: { name: "poll", version: "1" },
              capabilities: { tools: {} },
            }),
          });
          connection.setRequestHandler("tools/call", async (_params, context) => {
            for (let n = 1; n <= 5; n += 1) {
              await new Promise((resolve) => setTimeout(resolve, 40));
              await context.sendProgress({ progress: n });
            }
            return { content: [{ type: "text", text: "done" }] };
          });
          await connection.connect(transport);
        },
      });
      try {
        const era = new SessionClientEra({ clientInfo: { name: "c", version: "1" } });
        const client = new Connection({ era });
        const progress: number[] = [];
        await client.connect(new StreamableHttpClientTransport(http.url));
        await era.initialize();
        const result = await withTimeout(
          client.request(
            "tools/call",
            { name: "slow", arguments: {} },
            { onProgress: (report) => progress.push(report.progress) },
          ),
          5000,
          "the tool result",
        );
        expect(result).toEqual({ content: [{ type: "text", text: "done" }] });
        expect(progress).toEqual([1, 2, 3, 4, 5]);
        await client.close();
      } finally {
        await http.close();
      }
    });
  });
});
