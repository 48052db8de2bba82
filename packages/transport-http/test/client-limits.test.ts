import { expect, it } from "vitest";
import {
  SESSION,
  ScriptedServer,
  answerPlainly,
  methodOf,
  note,
  openSse,
  result,
  sendJson,
  sseEvent,
  closedAfterEach,
} from "./client-helpers.js";
import { Recorder } from "./helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

const MAX = 1000;
const big = note("notifications/message", { level: "info", data: "x".repeat(MAX) });

async function joined(server: ScriptedServer) {
  const transport = clientTransport(server.url, {
    sessionId: SESSION,
    protocolVersion: "2025-11-25",
    maxMessageBytes: MAX,
  });
  open.push(transport, server);
  const recorder = new Recorder();
  await transport.start(recorder);
  return { transport, recorder };
}

describeEachSender("inbound messages over maxMessageBytes", () => {
  it("an oversized SSE event is reported too_large; the stream reads on", async () => {
    const server = await ScriptedServer.start((arrival) => {
      if (methodOf(arrival) !== "tools/list") return answerPlainly(arrival);
      openSse(arrival.res);
      arrival.res.write(sseEvent({ data: big }));
      arrival.res.end(sseEvent({ data: result(3, { tools: [] }) }));
    });
    const { transport, recorder } = await joined(server);
    await transport.send({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} });
    await recorder.until(() => recorder.messages.length === 1, "the answer");
    expect(recorder.unreadable).toEqual([
      {
        problem: "too_large",
        detail: "an SSE event on the SSE answer to tools/list (id 3) is over 1000 characters",
      },
    ]);
    expect(recorder.messages).toEqual([result(3, { tools: [] })]);
    expect(transport.closeError).toBeUndefined();
  });

  it("an oversized JSON answer is reported too_large, not delivered", async () => {
    const server = await ScriptedServer.start((arrival) => {
      if (methodOf(arrival) !== "tools/list") return answerPlainly(arrival);
      sendJson(arrival.res, 200, result(3, { tools: [], padding: "x".repeat(MAX) }));
    });
    const { transport, recorder } = await joined(server);
    await transport.send({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} });
    await recorder.until(() => recorder.unreadable.length === 1, "the report");
    expect(recorder.unreadable).toEqual([
      {
        problem: "too_large",
        detail: "the JSON answer to tools/list (id 3) is over 1000 bytes (maxMessageBytes)",
        answersId: 3,
      },
    ]);
    expect(recorder.messages).toEqual([]);
    // Still usable.
    await transport.send({ jsonrpc: "2.0", id: 4, method: "ping" });
    await recorder.until(() => recorder.messages.length === 1, "the ping answer");
  });
});
