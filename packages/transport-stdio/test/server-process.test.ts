import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture } from "./helpers.js";

const built = resolve(import.meta.dirname, "../dist/index.js");

/** Runs the server fixture on real pipes, writes `input` to its stdin, ends it, and collects everything. */
function runServer(input: string | Buffer, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [fixture("server.mjs")], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  child.stdin.end(input);
  return new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((done) =>
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      done({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      });
    }),
  );
}

describe("StdioServerTransport on a real process's stdin and stdout", () => {
  it("answers each line, writes nothing else to stdout, and lets the process exit on stdin EOF", async () => {
    expect(existsSync(built), "build the package first (pnpm build)").toBe(true);
    const oversize = JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "echo",
      params: { pad: "x".repeat(2000) },
    });
    const input = [
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "echo", params: { text: "héllo 𝄞" } }),
      "",
      "not json",
      oversize,
      `${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "echo" })}\r`,
      "",
    ].join("\n");
    const result = await runServer(input);
    expect(result.signal).toBeNull();
    // The fixture never calls process.exit: exiting at all shows the transport let go of stdin.
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("server transport closed\n");
    const lines = result.stdout.split("\n");
    expect(lines.pop()).toBe("");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { jsonrpc: "2.0", id: 1, result: { echo: { text: "héllo 𝄞" } } },
      {
        jsonrpc: "2.0",
        method: "unreadable",
        params: { problem: "parse", detail: expect.stringMatching(/^invalid JSON: /) },
      },
      {
        jsonrpc: "2.0",
        method: "unreadable",
        params: {
          problem: "too_large",
          detail: `a message of ${oversize.length} bytes is over the limit of 1024 bytes (maxMessageBytes)`,
        },
      },
      { jsonrpc: "2.0", id: 3, result: {} },
    ]);
  });
});
