import { afterEach, expect, it } from "vitest";
import { Recorder, opened, rawClient, startServer, type TestServer } from "./helpers.js";

let current: TestServer | undefined;
afterEach(async () => {
  await current?.server.close();
});

it("a peer that does not read holds sends back, then the connection closes with 4001", async () => {
  current = await startServer({
    highWaterMarkBytes: 64 * 1024,
    maxBufferedBytes: 4 * 1024 * 1024,
    closeTimeoutMs: 200,
  });
  const socket = rawClient(current.url);
  await opened(socket);
  // The peer stops reading: its kernel buffers fill, then ours, then the transport's own.
  socket.pause();
  const transport = await current.next();
  const recorder = new Recorder();
  await transport.start(recorder);
  const chunk = "x".repeat(100 * 1024);
  const outcomes: ("sent" | Error)[] = [];
  const sends: Promise<void>[] = [];
  for (let i = 0; i < 1000 && recorder.closes.length === 0; i++) {
    const send = transport.send({ jsonrpc: "2.0", method: "chunk", params: { i, chunk } });
    sends.push(send);
    void send.then(
      () => outcomes.push("sent"),
      (error: Error) => outcomes.push(error),
    );
    // Let the socket write what it can, as a real producer would between messages.
    if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.allSettled(sends);
  await recorder.closed();
  const failures = outcomes.filter((outcome): outcome is Error => outcome instanceof Error);
  expect(failures.length).toBeGreaterThan(0);
  expect(failures[0]).toMatchObject({ name: "LocalError", code: "transport_failed" });
  expect(failures[0]?.message).toMatch(
    /^the WebSocket peer is not reading: \d+ bytes are waiting to be sent/,
  );
  expect(recorder.closes[0]).toMatchObject({
    closeCode: 4001,
    closeReason: "send buffer full: the peer is not reading",
    closedByThisSide: true,
  });
  // Far fewer than 1000 chunks were accepted: memory stayed bounded by the limits.
  expect(outcomes.filter((outcome) => outcome === "sent").length).toBeLessThan(200);
  socket.terminate();
});

it("sends wait while the peer is slow and go on once it reads again", async () => {
  current = await startServer({ highWaterMarkBytes: 64 * 1024, maxBufferedBytes: 256 * 1024 * 1024 });
  const socket = rawClient(current.url);
  await opened(socket);
  socket.pause();
  const transport = await current.next();
  await transport.start(new Recorder());
  const chunk = "y".repeat(256 * 1024);
  let resolved = 0;
  const sends = Array.from({ length: 100 }, (_, i) =>
    transport.send({ jsonrpc: "2.0", method: "chunk", params: { i, chunk } }).then(() => resolved++),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(resolved).toBeLessThan(100);
  let received = 0;
  socket.on("message", () => received++);
  socket.resume();
  await Promise.all(sends);
  await expect.poll(() => received, { timeout: 10_000 }).toBe(100);
  socket.close();
});
