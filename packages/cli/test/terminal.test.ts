import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { EVERYTHING, type Listening, MCPKIT, REFERENCE, startReference } from "./helpers.js";
import { Terminal } from "./terminal.js";

/** A file's text once it exists (the browser is a process of its own), polled for at most 20 s. */
async function fileText(path: string): Promise<string> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(50)) {
    if (existsSync(path)) return readFileSync(path, "utf8");
  }
  throw new Error(`${path} never appeared`);
}

const q = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
const cli = (...args: string[]) => [process.execPath, MCPKIT, ...args].map(q).join(" ");

describe("mcpkit in a terminal (tmux)", () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const open = (command: string) => {
    const terminal = new Terminal(command, mkdtempSync(join(tmpdir(), "mcpkit-tty-")));
    cleanups.push(() => terminal.close());
    return terminal;
  };

  it("draws a progress bar, asks the server's question, and takes typed answers", async () => {
    const t = open(cli("call", `${process.execPath} ${REFERENCE}`, "test_streaming_elicitation"));
    const asked = await t.waitFor(/Answer\? \[Y\]es, \[n\]o \(decline\), \[c\]ancel: $/m);
    expect(asked).toContain("[############------------] 50% about to ask\n");
    expect(asked).toContain("The server asks: Continue?\n");
    t.type("y");
    t.type("Enter", false);
    await t.waitFor(/ok \(boolean\): $/m);
    t.type("yes");
    t.type("Enter", false);
    const done = await t.waitFor(/\[exit \d+\]/);
    expect(done).toContain('Streaming elicitation completed: action=accept, content={"ok":true}\n[exit 0]');
    expect(done).not.toContain("100%"); // the bar is cleared before the result
  });

  it("Ctrl-C cancels a running call: one line, exit 130", async () => {
    const server: Listening = await startReference("http");
    cleanups.push(() => server.stop());
    const t = open(cli("call", server.url, "test_long_operation", "durationMs=30000"));
    await t.waitFor(/calling test_long_operation\.\.\. \(Ctrl-C cancels\)/);
    t.type("C-c", false);
    const done = await t.waitFor(/\[exit \d+\]/);
    expect(done).toMatch(/^mcpkit: cancelled\n\[exit 130\]/m);
  });

  it("server-everything: a sampling request answered by typing the model's reply", async () => {
    const t = open(
      cli("call", `${process.execPath} ${EVERYTHING} stdio`, "trigger-sampling-request", "prompt=Say hi"),
    );
    const asked = await t.waitFor(/Reply as the model: $/m);
    expect(asked).toContain("The server asks for a model's reply (sampling). The conversation:\n");
    expect(asked).toMatch(/^ {2}user: .*Say hi/m);
    t.type("Hello from a person");
    t.type("Enter", false);
    const done = await t.waitFor(/\[exit \d+\]/);
    expect(done).toContain("Hello from a person");
    expect(done).toContain("[exit 0]");
  });

  it("server-everything: the progress bar of a long operation, then Ctrl-C", async () => {
    const t = open(
      cli(
        "call",
        `${process.execPath} ${EVERYTHING} stdio`,
        "trigger-long-running-operation",
        "duration=60",
        "steps=60",
      ),
    );
    const running = await t.waitFor(/\[#+-+\] \d+%/);
    expect(running).toMatch(/^\[#+-+\] \d+%$/m);
    t.type("C-c", false);
    const done = await t.waitFor(/\[exit \d+\]/);
    expect(done).toMatch(/^mcpkit: cancelled\n\[exit 130\]/m);
  });

  it("Ctrl-C while a question is asked cancels the call", async () => {
    const t = open(
      cli("call", `${process.execPath} ${REFERENCE}`, "test_elicitation", "message=Who are you?"),
    );
    await t.waitFor(/Answer\? \[Y\]es, \[n\]o \(decline\), \[c\]ancel: $/m);
    t.type("C-c", false);
    const done = await t.waitFor(/\[exit \d+\]/);
    expect(done).toMatch(/^mcpkit: cancelled\n\[exit 130\]/m);
  });

  it("a URL-mode elicitation opens the page in the browser, then waits for Enter", async () => {
    const opened = join(mkdtempSync(join(tmpdir(), "mcpkit-opened-")), "urls.txt");
    const browser = `${process.execPath} ${fileURLToPath(new URL("./record-url.mjs", import.meta.url))}`;
    const env = `MCPKIT_TEST_OPENED=${q(opened)} BROWSER=${q(browser)}`;
    const t = open(
      `${env} ${cli("call", "--revision", "2025-11-25", `${process.execPath} ${REFERENCE}`, "test_elicitation_url")}`,
    );
    const asked = await t.waitFor(/Open it in the browser\? \[Y\]es, \[n\]o \(decline\), \[c\]ancel: $/m);
    const url = /https:\/\/example\.com\/consent\?id=(elicitation-\S+)/.exec(asked);
    expect(asked).toContain("The server asks you to open a page: Please open the page to continue\n");
    t.type("y");
    t.type("Enter", false);
    await t.waitFor(/Press Enter once you are done there \(c cancels\): $/m);
    expect(await fileText(opened)).toBe(`${url?.[0]}\n`);
    t.type("Enter", false);
    const done = await t.waitFor(/\[exit \d+\]/);
    expect(done).toContain(`URL elicitation completed: action=accept, elicitationId=${url?.[1]}\n[exit 0]`);
  });
});
