// The stderr of a server that dies is kept for the error reporting its exit (issue 24).
import { LocalError } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { StdioClientTransport, type StdioClientTransportOptions } from "../src/index.js";
import { StderrTail } from "../src/stderr-tail.js";
import { Recorder, fixture } from "./helpers.js";

const open: StdioClientTransport[] = [];
const command = process.execPath.split(/[\\/]/).pop();

function dying(lines: number, options: Partial<StdioClientTransportOptions>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixture("dying.mjs"), String(lines)],
    ...options,
  });
  open.push(transport);
  return transport;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

async function closeError(transport: StdioClientTransport): Promise<Error | undefined> {
  const recorder = new Recorder();
  await transport.start(recorder);
  await transport.closed;
  expect(recorder.closes).toHaveLength(1);
  return recorder.closes[0];
}

const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `log line ${from + i}`);

describe("the stderr tail of a server that exits", () => {
  it("with a stderr function: the last 20 lines go into the exit error, every line to the function", async () => {
    const seen: string[] = [];
    const transport = dying(25, { stderr: (line) => seen.push(line) });
    const error = await closeError(transport);
    expect(error).toBeInstanceOf(LocalError);
    expect(error?.message).toBe(
      `the server "${command}" exited with code 3; its stderr ended with:\n${numbered(6, 25)
        .map((line) => `  ${line}`)
        .join("\n")}`,
    );
    expect(transport.stderrTail).toEqual(numbered(6, 25));
    expect(seen).toEqual(numbered(1, 25));
  });

  it("stderrTail sets how many lines are kept; 0 keeps none", async () => {
    const three = dying(5, { stderr: () => {}, stderrTail: 3 });
    expect((await closeError(three))?.message).toBe(
      `the server "${command}" exited with code 3; its stderr ended with:\n  log line 3\n  log line 4\n  log line 5`,
    );
    const none = dying(5, { stderr: () => {}, stderrTail: 0 });
    expect((await closeError(none))?.message).toBe(`the server "${command}" exited with code 3`);
  });

  it('"ignore" keeps nothing, whatever stderrTail says', async () => {
    const transport = dying(5, { stderr: "ignore", stderrTail: 3 });
    expect((await closeError(transport))?.message).toBe(`the server "${command}" exited with code 3`);
    expect(transport.stderrTail).toEqual([]);
  });
});

describe("StderrTail", () => {
  it("keeps the last lines, each cut at 1000 characters", () => {
    const tail = new StderrTail(2);
    tail.push("a");
    tail.push("x".repeat(1500));
    tail.push("c");
    expect(tail.lines).toEqual([`${"x".repeat(1000)}…`, "c"]);
    expect(new StderrTail(2).describe()).toBe("");
  });
});
