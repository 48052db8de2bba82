import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpkit, REFERENCE, REFERENCE_COMMAND } from "./helpers.js";

describe("mcpkit against the reference server over stdio", () => {
  it("ping: answers with the server, revision and transport", async () => {
    const run = await mcpkit(["ping", REFERENCE_COMMAND]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pong from mcpkit-everything-server in \d+\.\d ms \(2026-07-28, stdio\)\n$/);
  });

  it("ping: a forced older revision speaks the session era; the command may follow --", async () => {
    const run = await mcpkit(["ping", "--revision", "2025-06-18", "--", process.execPath, REFERENCE]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\(2025-06-18, stdio\)\n$/);
  });

  it("inspect: tables of tools, resources, templates and prompts", async () => {
    const run = await mcpkit(["inspect", REFERENCE_COMMAND]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe("mcpkit-everything-server 0.1.0");
    expect(lines[1]).toBe("  revision   2026-07-28 (stateless era)");
    expect(lines[2]).toBe("  transport  stdio");
    expect(run.stdout).toMatch(/^ {2}add_numbers +a: number, b: number +Adds two numbers$/m);
    expect(run.stdout).toMatch(/^ {2}test_x_mcp_header +region: string, level\?: integer /m);
    expect(run.stdout).toMatch(/^ {2}test:\/\/static-text +static-text +text\/plain$/m);
    expect(run.stdout).toMatch(/^ {2}test:\/\/template\/\{id\}\/data +template-data +application\/json$/m);
    expect(run.stdout).toMatch(
      /^ {2}test_prompt_with_arguments +arg1, arg2 +A prompt with two required arguments$/m,
    );
  });

  it("inspect --json: the same as JSON", async () => {
    const run = await mcpkit(["inspect", "--json", "--revision", "2025-11-25", REFERENCE_COMMAND]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.revision).toBe("2025-11-25");
    expect(json.era).toBe("session");
    expect(json.transport).toBe("stdio");
    expect(json.server.name).toBe("mcpkit-everything-server");
    expect(json.tools.find((t: { name: string }) => t.name === "add_numbers").inputSchema.required).toEqual([
      "a",
      "b",
    ]);
    expect(json.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual([
      "test://template/{id}/data",
    ]);
  });

  it("call: key=value arguments are read against the input schema", async () => {
    const run = await mcpkit(["call", REFERENCE_COMMAND, "add_numbers", "a=1.5", "b=2"]);
    expect(run).toEqual({ code: 0, stdout: "The sum of 1.5 and 2 is 3.5.\n", stderr: "" });
  });

  it("call: --json ARGS, with the target after --", async () => {
    const run = await mcpkit([
      "call",
      "add_numbers",
      "--json",
      '{"a": 40, "b": 2}',
      "--",
      process.execPath,
      REFERENCE,
    ]);
    expect(run).toEqual({ code: 0, stdout: "The sum of 40 and 2 is 42.\n", stderr: "" });
  });

  it("call: images are saved to files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcpkit-cli-"));
    const run = await mcpkit(["call", REFERENCE_COMMAND, "test_image_content", "--out", "images"], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("[image image/png, 69 bytes, saved to ./images/test_image_content-1.png]\n");
    const png = readFileSync(join(dir, "images/test_image_content-1.png"));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("call: structured content is printed as JSON, without its text copy", async () => {
    const run = await mcpkit(["call", REFERENCE_COMMAND, "test_structured_output"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ value: 42, label: "answer" });
  });

  it("call: a tool error prints its text and exits 1", async () => {
    const run = await mcpkit(["call", REFERENCE_COMMAND, "test_error_handling"]);
    expect(run).toEqual({
      code: 1,
      stdout: "This tool intentionally returns an error for testing\n",
      stderr: 'mcpkit: the tool "test_error_handling" reported an error\n',
    });
  });

  it("call: progress is printed as lines when stderr is not a terminal", async () => {
    const run = await mcpkit(["call", REFERENCE_COMMAND, "test_tool_with_progress"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("progress 0/100 started\nprogress 50/100 halfway\nprogress 100/100 done\n");
    expect(run.stdout).toBe("Tool with progress executed successfully\n");
  });

  it("call: without a terminal, elicitation is declined and said so", async () => {
    const run = await mcpkit(["call", REFERENCE_COMMAND, "test_elicitation", "message=Who are you?"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("mcpkit: declined the server's question (no input): Who are you?\n");
    expect(run.stdout).toBe("User response: action=decline, content={}\n");
  });

  it("call --no-input: sampling is refused", async () => {
    const run = await mcpkit(["call", "--no-input", REFERENCE_COMMAND, "test_sampling", "prompt=hi"]);
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "mcpkit: refused the server's sampling request (no input)\n" +
        "mcpkit: the call failed: The user refused the sampling request (mcpkit --no-input)\n",
    });
  });

  it("read: prints a text resource", async () => {
    const run = await mcpkit(["read", REFERENCE_COMMAND, "test://static-text"]);
    expect(run).toEqual({
      code: 0,
      stdout: "This is the content of the static text resource.\n",
      stderr: "",
    });
  });

  it("prompt: prints the messages with their roles", async () => {
    const run = await mcpkit(["prompt", REFERENCE_COMMAND, "test_prompt_with_arguments", "arg1=a", "arg2=b"]);
    expect(run).toEqual({
      code: 0,
      stdout: "user:\nPrompt with arguments: arg1='a', arg2='b'\n",
      stderr: "",
    });
  });

  it("complete: one value per line", async () => {
    const run = await mcpkit([
      "complete",
      REFERENCE_COMMAND,
      "prompt:test_prompt_with_arguments",
      "arg1=test",
    ]);
    expect(run).toEqual({ code: 0, stdout: "test\ntestValue1\ntestValue2\n", stderr: "" });
  });

  it("read: binary contents are saved to a file named after the URI", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcpkit-cli-"));
    const run = await mcpkit(["read", REFERENCE_COMMAND, "test://static-binary"], { cwd: dir });
    expect(run).toEqual({
      code: 0,
      stdout: "[image/png, 69 bytes, saved to ./static-binary-1.png]\n",
      stderr: "",
    });
    expect(readFileSync(join(dir, "static-binary-1.png")).subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("prompt: a 2026-07-28 prompt that asks for input gets it declined without a terminal", async () => {
    const run = await mcpkit(["prompt", REFERENCE_COMMAND, "test_input_required_result_prompt"]);
    expect(run).toEqual({
      code: 0,
      stdout: "user:\nUse this context: (decline)\n",
      stderr: "mcpkit: declined the server's question (no input): What context should the prompt use?\n",
    });
  });

  it("prompt and read: unknown names and arguments are one line each", async () => {
    expect((await mcpkit(["prompt", REFERENCE_COMMAND, "nope"])).stderr).toMatch(
      /^mcpkit: unknown prompt "nope" \(the server has test_simple_prompt, .*\)\n$/,
    );
    expect(await mcpkit(["prompt", REFERENCE_COMMAND, "test_prompt_with_arguments", "arg3=a"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'mcpkit: prompt "test_prompt_with_arguments" has no argument "arg3" (it takes arg1, arg2) (see mcpkit prompt --help)\n',
    });
    expect(await mcpkit(["read", REFERENCE_COMMAND, "test://nope"])).toEqual({
      code: 1,
      stdout: "",
      stderr: "mcpkit: could not read test://nope: Resource not found: test://nope\n",
    });
  });
});
