import { realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { LocalError } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { StdioClientTransport, type StdioClientTransportOptions } from "../src/index.js";
import { Recorder, fixture } from "./helpers.js";

const open: StdioClientTransport[] = [];

function node(script: string, { args = [], ...options }: Partial<StdioClientTransportOptions> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixture(script), ...args],
    stderr: "ignore",
    ...options,
  });
  open.push(transport);
  return transport;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

const ready = { jsonrpc: "2.0", method: "ready" };

describe("StdioClientTransport: messages", () => {
  it("round-trips messages through a child's stdin and stdout", async () => {
    const transport = node("echo.mjs");
    const recorder = new Recorder();
    await transport.start(recorder);
    expect(transport.pid).toBeTypeOf("number");
    await transport.send({ jsonrpc: "2.0", id: 1, method: "ping", params: { text: "€ 𝄞\nnext" } });
    await transport.send({ jsonrpc: "2.0", id: 2, method: "ping" });
    await recorder.messagesCount(2);
    expect(recorder.messages).toEqual([
      { jsonrpc: "2.0", id: 1, method: "ping", params: { text: "€ 𝄞\nnext" } },
      { jsonrpc: "2.0", id: 2, method: "ping" },
    ]);
  });

  it("carries an 8 MiB message both ways", async () => {
    const transport = node("echo.mjs");
    const recorder = new Recorder();
    await transport.start(recorder);
    const blob = "é".repeat(4 * 1024 * 1024);
    await transport.send({ jsonrpc: "2.0", method: "big", params: { blob } });
    await recorder.messagesCount(1, 20_000);
    expect(recorder.messages[0]).toEqual({ jsonrpc: "2.0", method: "big", params: { blob } });
  });

  it("reports the child's unreadable lines and oversize lines, and goes on", async () => {
    const transport = node("echo.mjs", { maxMessageBytes: 64 });
    const recorder = new Recorder();
    await transport.start(recorder);
    // The echo child sends back whatever it gets: an oversize line cannot be sent, so this checks the outbound limit too.
    await expect(
      transport.send({ jsonrpc: "2.0", method: "x", params: { pad: "p".repeat(100) } }),
    ).rejects.toMatchObject({ code: "message_too_large" });
    await transport.send({ jsonrpc: "2.0", method: "ok" });
    await recorder.messagesCount(1);
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", method: "ok" }]);
    expect(recorder.closes).toEqual([]);
  });

  it("delivers the child's last message before closing, and closes cleanly when it exits with 0", async () => {
    const transport = node("exit.mjs", { args: ["0"] });
    const recorder = new Recorder();
    await transport.start(recorder);
    await transport.closed;
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", method: "goodbye" }]);
    // A server that exits with code 0 ended the session itself: no error.
    expect(recorder.closes).toEqual([undefined]);
    expect(transport.exitStatus).toEqual({ code: 0, signal: null });
  });

  it("closes soon after the child exits even when a grandchild keeps its pipes open", async () => {
    const transport = node("grandchild.mjs", { stderr: () => {} });
    const recorder = new Recorder();
    await transport.start(recorder);
    const started = performance.now();
    await transport.closed;
    // The grandchild holds the pipes for 3 s; the transport stops waiting for them 500 ms after the exit.
    expect(performance.now() - started).toBeLessThan(2500);
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", method: "goodbye" }]);
    expect(recorder.closes).toEqual([undefined]);
  });
});

describe("StdioClientTransport: the child's environment", () => {
  it("inherits only the allow-listed variables, plus the ones given", async () => {
    process.env.MCPKIT_TEST_SECRET = "do-not-leak";
    try {
      const transport = node("env.mjs", { env: { EXTRA: "given", HOME: "/overridden" } });
      const recorder = new Recorder();
      await transport.start(recorder);
      await recorder.messagesCount(1);
      const env = (recorder.messages[0] as { params: { env: Record<string, string> } }).params.env;
      expect(env.EXTRA).toBe("given");
      expect(env.HOME).toBe("/overridden");
      expect(env.PATH).toBe(process.env.PATH);
      expect(env).not.toHaveProperty("MCPKIT_TEST_SECRET");
      const allowed = new Set(["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "EXTRA"]);
      // The child's runtime may add a few of its own (e.g. macOS adds __CF_USER_TEXT_ENCODING).
      const unexpected = Object.keys(env).filter((name) => !allowed.has(name) && !name.startsWith("__CF"));
      expect(unexpected).toEqual([]);
    } finally {
      delete process.env.MCPKIT_TEST_SECRET;
    }
  });

  it("runs in the given working directory", async () => {
    const cwd = tmpdir();
    const transport = node("env.mjs", { cwd });
    const recorder = new Recorder();
    await transport.start(recorder);
    await recorder.messagesCount(1);
    const reported = (recorder.messages[0] as { params: { cwd: string } }).params.cwd;
    expect(realpathSync(reported)).toBe(realpathSync(cwd));
  });

  it("passes everything through with inheritEnv: all", async () => {
    process.env.MCPKIT_TEST_VISIBLE = "yes";
    try {
      const transport = node("env.mjs", { inheritEnv: "all" });
      const recorder = new Recorder();
      await transport.start(recorder);
      await recorder.messagesCount(1);
      const env = (recorder.messages[0] as { params: { env: Record<string, string> } }).params.env;
      expect(env.MCPKIT_TEST_VISIBLE).toBe("yes");
    } finally {
      delete process.env.MCPKIT_TEST_VISIBLE;
    }
  });
});

describe("StdioClientTransport: stderr", () => {
  it("forwards stderr line by line, decoding characters split across writes", async () => {
    const lines: string[] = [];
    const transport = node("stderr.mjs", { stderr: (line) => lines.push(line) });
    const recorder = new Recorder();
    await transport.start(recorder);
    await recorder.messagesCount(1);
    expect(recorder.messages).toEqual([ready]);
    await transport.close();
    expect(lines).toEqual(["first line", "second € line", "partial"]);
    expect(recorder.closes).toEqual([undefined]);
  });

  it("forwards stderr chunk by chunk when asked", async () => {
    const chunks: string[] = [];
    const transport = node("stderr.mjs", { stderr: (chunk) => chunks.push(chunk), stderrMode: "chunk" });
    const recorder = new Recorder();
    await transport.start(recorder);
    await recorder.messagesCount(1);
    expect(recorder.messages).toEqual([ready]);
    await transport.close();
    expect(chunks.join("")).toBe("first line\nsecond € line\r\npartial");
    expect(chunks.length).toBeGreaterThanOrEqual(2);
  });
});

describe("StdioClientTransport: shutdown", () => {
  it("closes stdin and lets a well-behaved child exit on its own", async () => {
    const transport = node("echo.mjs", { stdinGraceMs: 5000, sigtermGraceMs: 5000 });
    const recorder = new Recorder();
    await transport.start(recorder);
    const started = performance.now();
    await transport.close();
    expect(performance.now() - started).toBeLessThan(4000);
    expect(transport.exitStatus).toEqual({ code: 0, signal: null });
    expect(recorder.closes).toEqual([undefined]);
  });

  it("sends SIGTERM to a child that keeps running after stdin closes", async () => {
    const lines: string[] = [];
    const transport = node("ignore-stdin-close.mjs", {
      stdinGraceMs: 200,
      sigtermGraceMs: 5000,
      stderr: (line) => lines.push(line),
    });
    const recorder = new Recorder();
    await transport.start(recorder);
    await recorder.messagesCount(1);
    expect(recorder.messages).toEqual([ready]);
    const started = performance.now();
    await transport.close();
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(transport.exitStatus).toEqual({ code: null, signal: "SIGTERM" });
    expect(lines).toContain("stdin ended");
    expect(recorder.closes).toEqual([undefined]);
  });

  it("sends SIGKILL to a child that ignores SIGTERM", async () => {
    const lines: string[] = [];
    const transport = node("ignore-sigterm.mjs", {
      stdinGraceMs: 100,
      sigtermGraceMs: 200,
      stderr: (line) => lines.push(line),
    });
    const recorder = new Recorder();
    await transport.start(recorder);
    await recorder.messagesCount(1);
    expect(recorder.messages).toEqual([ready]);
    const started = performance.now();
    await transport.close();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(transport.exitStatus).toEqual({ code: null, signal: "SIGKILL" });
    expect(lines).toEqual(["ignoring SIGTERM"]);
    expect(recorder.closes).toEqual([undefined]);
  });

  it("rejects sends after close and delivers nothing more", async () => {
    const transport = node("echo.mjs");
    const recorder = new Recorder();
    await transport.start(recorder);
    const closing = transport.close();
    await expect(transport.send({ jsonrpc: "2.0", method: "late" })).rejects.toMatchObject({
      name: "LocalError",
      code: "connection_closed",
    });
    await closing;
    await transport.close();
    expect(recorder.messages).toEqual([]);
    expect(recorder.closes).toEqual([undefined]);
  });

  it("closes before start without spawning anything", async () => {
    const transport = node("echo.mjs");
    await transport.close();
    expect(transport.pid).toBeUndefined();
    await expect(transport.start(new Recorder())).rejects.toBeInstanceOf(LocalError);
  });

  it("stops the child when closed while it is starting", async () => {
    const transport = node("echo.mjs");
    const recorder = new Recorder();
    const starting = transport.start(recorder);
    const closing = transport.close();
    await starting;
    await closing;
    expect(transport.exitStatus).toEqual({ code: 0, signal: null });
    expect(recorder.closes).toEqual([undefined]);
  });
});

describe("StdioClientTransport: failures", () => {
  it("closes with an error saying the child exited with code 3", async () => {
    const transport = node("exit.mjs", { args: ["3"] });
    const recorder = new Recorder();
    await transport.start(recorder);
    await transport.closed;
    expect(recorder.closes).toHaveLength(1);
    const error = recorder.closes[0];
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "transport_failed",
      message: `the server "${process.execPath.split(/[\\/]/).pop()}" exited with code 3`,
    });
    expect(transport.exitStatus).toEqual({ code: 3, signal: null });
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", method: "goodbye" }]);
    await expect(transport.send({ jsonrpc: "2.0", method: "x" })).rejects.toMatchObject({
      code: "connection_closed",
    });
  });

  it("closes with an error naming the signal that killed the child", async () => {
    const transport = node("exit.mjs", { args: ["SIGKILL"] });
    const recorder = new Recorder();
    await transport.start(recorder);
    await transport.closed;
    expect(recorder.closes[0]).toMatchObject({
      code: "transport_failed",
      message: expect.stringMatching(/ was terminated by SIGKILL$/),
    });
  });

  it("stops a child whose stdin breaks, and reports how it ended with the write error as cause", async () => {
    const transport = node("close-stdin.mjs", { stdinGraceMs: 100, sigtermGraceMs: 5000 });
    const recorder = new Recorder();
    await transport.start(recorder);
    await recorder.messagesCount(1);
    expect(recorder.messages).toEqual([ready]);
    await transport.send({ jsonrpc: "2.0", method: "into the void" });
    await transport.closed;
    expect(recorder.closes).toHaveLength(1);
    const error = recorder.closes[0] as LocalError;
    expect(error).toMatchObject({
      code: "transport_failed",
      message: expect.stringMatching(/ was terminated by SIGTERM$/),
    });
    expect(error.cause).toMatchObject({ code: "EPIPE" });
  });

  it("rejects start with transport_failed when the command does not exist", async () => {
    const transport = new StdioClientTransport({ command: "mcpkit-no-such-command-8d1f" });
    const recorder = new Recorder();
    const error = await transport.start(recorder).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "transport_failed",
      message:
        'could not start the server "mcpkit-no-such-command-8d1f": spawn mcpkit-no-such-command-8d1f ENOENT',
    });
    expect((error as LocalError).cause).toMatchObject({ code: "ENOENT" });
    await transport.closed;
    await transport.close();
    expect(recorder.closes).toEqual([]);
  });

  it("rejects start when the working directory does not exist", async () => {
    const transport = node("echo.mjs", { cwd: "/mcpkit/no/such/dir" });
    await expect(transport.start(new Recorder())).rejects.toMatchObject({ code: "transport_failed" });
  });
});
