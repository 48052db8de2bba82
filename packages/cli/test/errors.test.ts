import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MCPKIT, mcpkit, REFERENCE_COMMAND } from "./helpers.js";

/** A port on 127.0.0.1 that nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe("mcpkit on bad input: one clear line, a non-zero exit, no stack trace", () => {
  it("an unknown tool", async () => {
    const run = await mcpkit(["call", REFERENCE_COMMAND, "no_such_tool"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^mcpkit: unknown tool "no_such_tool" \(the server has \d+ tools: test_simple_text, .*\)\n$/,
    );
  });

  it("an argument that does not fit the schema", async () => {
    const run = await mcpkit(["call", REFERENCE_COMMAND, "add_numbers", "a=one", "b=2"]);
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: 'mcpkit: a: expected number, got "one" (see mcpkit call --help)\n',
    });
  });

  it("an argument the tool does not have", async () => {
    const run = await mcpkit(["call", REFERENCE_COMMAND, "add_numbers", "a=1", "c=2"]);
    expect(run.stderr).toBe(
      'mcpkit: tool "add_numbers" has no argument "c" (it takes a, b) (see mcpkit call --help)\n',
    );
    expect(run.code).toBe(2);
  });

  it("a missing required argument", async () => {
    const run = await mcpkit(["call", REFERENCE_COMMAND, "add_numbers", "a=1"]);
    expect(run.stderr).toBe("mcpkit: missing required argument b (see mcpkit call --help)\n");
    expect(run.code).toBe(2);
  });

  it("a server command that does not exist", async () => {
    const run = await mcpkit(["ping", "--", "mcpkit-no-such-command-xyz"]);
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr:
        'mcpkit: could not start the server "mcpkit-no-such-command-xyz": spawn mcpkit-no-such-command-xyz ENOENT\n',
    });
  });

  it("a server that exits at once: its last line of stderr is shown", async () => {
    const script = "console.error('boom: no config'); process.exit(3)";
    const run = await mcpkit(["ping", "--", process.execPath, "-e", script]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^mcpkit: the server "\S+" exited before answering; it said: boom: no config\n$/,
    );
  });

  it("a URL that refuses the connection", async () => {
    const port = await closedPort();
    const run = await mcpkit(["inspect", `http://127.0.0.1:${port}/mcp`]);
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr: `mcpkit: could not connect to http://127.0.0.1:${port}/mcp: connection refused\n`,
    });
  });

  it("inspect: a list the server fails to give is a warning; the rest still shows", async () => {
    const partial = fileURLToPath(new URL("./fixtures/partial-server.mjs", import.meta.url));
    const run = await mcpkit(["inspect", "--", process.execPath, partial]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "mcpkit: could not list resource templates: Method not found: resources/templates/list\n",
    );
    expect(run.stdout).toContain("  revision   2025-06-18 (session era)\n");
    expect(run.stdout).toMatch(/^ {2}hello {2}\(none\) {5}Says hello$/m);
    expect(run.stdout).toContain("Resource templates (0)\n  (none)\n");
  });

  it("Ctrl-C while connecting to a server that never answers: cancelled, exit 130", async () => {
    const silent = "console.error('silent server up'); setTimeout(() => {}, 60000)";
    const child = spawn(
      process.execPath,
      [MCPKIT, "call", "--verbose", "tool", "--", process.execPath, "-e", silent],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    const up = new Promise<void>((done) =>
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
        if (stderr.includes("silent server up\n")) done();
      }),
    );
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    try {
      await up;
      child.kill("SIGINT");
      expect(await exited).toBe(130);
      expect(stderr.trimEnd().split("\n").at(-1)).toBe("mcpkit: cancelled");
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("--verbose adds the stack trace", async () => {
    const port = await closedPort();
    const run = await mcpkit(["ping", "--verbose", `http://127.0.0.1:${port}/mcp`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^CliError: could not connect to .*\n {4}at /);
    expect(run.stderr.trimEnd().split("\n").at(-1)).toBe(
      `mcpkit: could not connect to http://127.0.0.1:${port}/mcp: connection refused`,
    );
  });

  it("an unknown command, an unknown option, no target", async () => {
    expect(await mcpkit(["frobnicate"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'mcpkit: unknown command "frobnicate" (see mcpkit --help)\n',
    });
    expect(await mcpkit(["ping", "--frob", "x"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "mcpkit: unknown option --frob (see mcpkit ping --help)\n",
    });
    expect(await mcpkit(["inspect"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "mcpkit: no TARGET: give a URL, a quoted command, or -- COMMAND (see mcpkit inspect --help)\n",
    });
  });

  it("--help everywhere, with examples; --help of a command does not start the server", async () => {
    const main = await mcpkit(["--help"]);
    expect(main.code).toBe(0);
    expect(main.stdout).toContain("Usage: mcpkit COMMAND [options] TARGET ...");
    for (const command of [
      "inspect",
      "call",
      "read",
      "prompt",
      "complete",
      "ping",
      "listen",
      "bridge",
      "serve",
    ]) {
      const run = await mcpkit([command, "--help", "--", "mcpkit-no-such-command-xyz"]);
      expect(run.code, command).toBe(0);
      expect(run.stdout, command).toMatch(new RegExp(`^Usage: mcpkit ${command} `));
      expect(run.stdout, command).toContain("\nExamples:\n");
    }
  });
});
