import { PassThrough, Writable } from "node:stream";
import { LocalError } from "@mcpkit/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StdioServerTransport, StreamTransport } from "../src/index.js";
import { Recorder, settle } from "./helpers.js";

function setup(options: { maxMessageBytes?: number; endOutputOnClose?: boolean } = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: Buffer[] = [];
  output.on("data", (chunk: Buffer) => written.push(chunk));
  const transport = new StdioServerTransport({ input, output, ...options });
  const recorder = new Recorder();
  const text = () => Buffer.concat(written).toString("utf8");
  return { input, output, transport, recorder, text };
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

function invalidJsonDetail(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return `invalid JSON: ${(error as Error).message}`;
  }
  throw new Error("expected invalid JSON");
}

describe("StdioServerTransport over in-process streams: reading", () => {
  it("delivers a message split at every byte position, multi-byte characters included", async () => {
    const message = { jsonrpc: "2.0", method: "note", params: { text: "naïve € 𝄞 日本語" } };
    const bytes = Buffer.from(line(message) + line({ jsonrpc: "2.0", method: "after" }), "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      const { input, transport, recorder } = setup();
      await transport.start(recorder);
      input.write(bytes.subarray(0, cut));
      await settle();
      input.write(bytes.subarray(cut));
      await recorder.messagesCount(2);
      expect(recorder.messages, `split at byte ${cut}`).toEqual([
        message,
        { jsonrpc: "2.0", method: "after" },
      ]);
      expect(recorder.unreadable).toEqual([]);
    }
  });

  it("ignores blank lines and accepts CRLF line endings", async () => {
    const { input, transport, recorder } = setup();
    await transport.start(recorder);
    input.write(`\n\r\n   \n${JSON.stringify({ jsonrpc: "2.0", method: "a" })}\r\n\n`);
    input.write(line({ jsonrpc: "2.0", method: "b" }));
    await recorder.messagesCount(2);
    expect(recorder.messages).toEqual([
      { jsonrpc: "2.0", method: "a" },
      { jsonrpc: "2.0", method: "b" },
    ]);
    expect(recorder.unreadable).toEqual([]);
  });

  it("reports a garbage line as unreadable and goes on with the next line", async () => {
    const { input, transport, recorder } = setup();
    await transport.start(recorder);
    input.write(`{"jsonrpc":"2.0",,}\n${line({ jsonrpc: "2.0", id: 1, method: "ping" })}`);
    await recorder.messagesCount(1);
    expect(recorder.unreadable).toEqual([
      { problem: "parse", detail: invalidJsonDetail('{"jsonrpc":"2.0",,}') },
    ]);
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", id: 1, method: "ping" }]);
  });

  it("reports an oversize line as too large, in chunks, and goes on with the next line", async () => {
    const { input, transport, recorder } = setup({ maxMessageBytes: 64 });
    await transport.start(recorder);
    const big = JSON.stringify({ jsonrpc: "2.0", method: "x", params: { pad: "p".repeat(200) } });
    input.write(big.slice(0, 50));
    input.write(big.slice(50, 120));
    await settle();
    input.write(`${big.slice(120)}\n${line({ jsonrpc: "2.0", method: "ok" })}`);
    await recorder.messagesCount(1);
    expect(recorder.unreadable).toEqual([
      {
        problem: "too_large",
        detail: `a message of ${big.length} bytes is over the limit of 64 bytes (maxMessageBytes)`,
      },
    ]);
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", method: "ok" }]);
  });

  it("delivers nothing before start, then everything in order", async () => {
    const { input, transport, recorder } = setup();
    input.write(line({ jsonrpc: "2.0", method: "early" }));
    await settle();
    expect(recorder.messages).toEqual([]);
    await transport.start(recorder);
    input.write(line({ jsonrpc: "2.0", method: "late" }));
    await recorder.messagesCount(2);
    expect(recorder.messages).toEqual([
      { jsonrpc: "2.0", method: "early" },
      { jsonrpc: "2.0", method: "late" },
    ]);
  });

  it("closes without an error at end of input, after delivering a last line that has no newline", async () => {
    const { input, output, transport, recorder } = setup();
    await transport.start(recorder);
    input.end(JSON.stringify({ jsonrpc: "2.0", method: "last" }));
    await transport.closed;
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", method: "last" }]);
    expect(recorder.closes).toEqual([undefined]);
    expect(output.writableEnded).toBe(true);
  });

  it("stops delivering as soon as a handler closes the transport, even mid-chunk", async () => {
    const { input, transport, recorder } = setup();
    const seen: unknown[] = [];
    await transport.start({
      ...recorder,
      onMessage: (value) => {
        seen.push(value);
        void transport.close();
      },
    });
    input.write(line({ jsonrpc: "2.0", method: "a" }) + line({ jsonrpc: "2.0", method: "b" }));
    await transport.closed;
    await settle();
    expect(seen).toEqual([{ jsonrpc: "2.0", method: "a" }]);
  });

  it("lets a handler's exception surface on its own and keeps reading", async () => {
    const { input, transport, recorder } = setup();
    const boom = new Error("handler bug");
    const deferred: (() => void)[] = [];
    const spy = vi.spyOn(globalThis, "queueMicrotask").mockImplementation((job) => deferred.push(job));
    let calls = 0;
    await transport.start({
      ...recorder,
      onMessage: (value) => {
        calls++;
        if (calls === 1) throw boom;
        recorder.onMessage(value);
      },
    });
    input.write(line({ jsonrpc: "2.0", method: "a" }) + line({ jsonrpc: "2.0", method: "b" }));
    await recorder.messagesCount(1);
    spy.mockRestore();
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", method: "b" }]);
    expect(deferred).toHaveLength(1);
    expect(() => deferred[0]?.()).toThrow(boom);
  });
});

describe("StdioServerTransport over in-process streams: writing", () => {
  it("writes one line per message, in order", async () => {
    const { transport, recorder, text } = setup();
    await transport.start(recorder);
    await transport.send({ jsonrpc: "2.0", id: 1, result: { text: "line\nbreak €" } });
    await transport.send({ jsonrpc: "2.0", method: "notifications/progress" });
    await settle();
    expect(text()).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"text":"line\\nbreak €"}}\n{"jsonrpc":"2.0","method":"notifications/progress"}\n',
    );
  });

  it("rejects an oversize message with message_too_large and stays open", async () => {
    const { transport, recorder, text } = setup({ maxMessageBytes: 64 });
    await transport.start(recorder);
    const rejected = transport.send({ jsonrpc: "2.0", method: "x", params: { pad: "p".repeat(100) } });
    await expect(rejected).rejects.toBeInstanceOf(LocalError);
    await expect(rejected).rejects.toMatchObject({ code: "message_too_large" });
    await transport.send({ jsonrpc: "2.0", method: "small" });
    await settle();
    expect(text()).toBe('{"jsonrpc":"2.0","method":"small"}\n');
    expect(recorder.closes).toEqual([]);
  });

  it("hands the stream one message at a time while it asks to wait for drain", async () => {
    const written: string[] = [];
    const pending: (() => void)[] = [];
    const output = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString("utf8"));
        pending.push(() => callback());
      },
    });
    const transport = new StreamTransport({ input: new PassThrough(), output });
    await transport.start(new Recorder());
    const resolved: number[] = [];
    const sends = [1, 2, 3].map((id) =>
      transport.send({ jsonrpc: "2.0", id, method: "ping" }).then(() => resolved.push(id)),
    );
    await settle();
    expect(resolved).toEqual([1]);
    expect(written).toEqual(['{"jsonrpc":"2.0","id":1,"method":"ping"}\n']);
    expect(output.writableLength).toBe(written[0]?.length);
    pending.shift()?.();
    await settle();
    expect(resolved).toEqual([1, 2]);
    pending.shift()?.();
    await Promise.all(sends);
    expect(resolved).toEqual([1, 2, 3]);
    expect(written).toHaveLength(3);
    pending.shift()?.();
  });

  it("rejects sends after close with connection_closed and writes nothing more", async () => {
    const { input, output, transport, recorder, text } = setup();
    await transport.start(recorder);
    await transport.send({ jsonrpc: "2.0", method: "before" });
    await transport.close();
    await transport.close();
    await expect(transport.send({ jsonrpc: "2.0", method: "after" })).rejects.toMatchObject({
      name: "LocalError",
      code: "connection_closed",
    });
    input.write(line({ jsonrpc: "2.0", method: "ignored" }));
    await settle();
    expect(text()).toBe('{"jsonrpc":"2.0","method":"before"}\n');
    expect(recorder.messages).toEqual([]);
    expect(recorder.closes).toEqual([undefined]);
    expect(output.writableEnded).toBe(true);
  });

  it("rejects sends still waiting for drain when it closes", async () => {
    const output = new Writable({ highWaterMark: 1, write: () => {} });
    const transport = new StreamTransport({ input: new PassThrough(), output });
    await transport.start(new Recorder());
    await transport.send({ jsonrpc: "2.0", method: "a" });
    const waiting = transport.send({ jsonrpc: "2.0", method: "b" });
    await transport.close();
    await expect(waiting).rejects.toMatchObject({ code: "connection_closed" });
  });

  it("leaves the output open on close when asked to", async () => {
    const { output, transport, recorder } = setup({ endOutputOnClose: false });
    await transport.start(recorder);
    await transport.close();
    expect(output.writableEnded).toBe(false);
    expect(recorder.closes).toEqual([undefined]);
  });
});

describe("StdioServerTransport over in-process streams: failures", () => {
  afterEach(() => vi.restoreAllMocks());

  it("closes with transport_failed when the output fails", async () => {
    const { output, transport, recorder } = setup();
    await transport.start(recorder);
    output.destroy(new Error("EPIPE: broken pipe"));
    await transport.closed;
    expect(recorder.closes).toHaveLength(1);
    expect(recorder.closes[0]).toMatchObject({
      name: "LocalError",
      code: "transport_failed",
      message: "writing failed: EPIPE: broken pipe",
    });
  });

  it("closes with transport_failed when the input fails", async () => {
    const { input, transport, recorder } = setup();
    await transport.start(recorder);
    input.destroy(new Error("EIO"));
    await transport.closed;
    expect(recorder.closes).toHaveLength(1);
    expect(recorder.closes[0]).toMatchObject({ code: "transport_failed", message: "reading failed: EIO" });
  });

  it("closes when the output closes under it, since nothing can be sent any more", async () => {
    const { output, transport, recorder } = setup();
    await transport.start(recorder);
    output.destroy();
    await transport.closed;
    expect(recorder.closes).toEqual([undefined]);
  });

  it("rejects a send and closes when someone else ended the output", async () => {
    const { output, transport, recorder } = setup();
    await transport.start(recorder);
    output.end();
    await expect(transport.send({ jsonrpc: "2.0", method: "x" })).rejects.toMatchObject({
      code: "connection_closed",
    });
    await transport.closed;
    expect(recorder.closes).toEqual([undefined]);
  });

  it("can be started once only, and not after close", async () => {
    const { transport, recorder } = setup();
    await transport.start(recorder);
    await expect(transport.start(recorder)).rejects.toBeInstanceOf(LocalError);
    const unstarted = setup().transport;
    await unstarted.close();
    await expect(unstarted.start(recorder)).rejects.toMatchObject({ code: "connection_closed" });
  });
});
