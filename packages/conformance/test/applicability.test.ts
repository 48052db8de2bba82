// A run applies only to what the server serves: the revisions it negotiates, the capabilities it
// declares, the fixtures it lists. Everything else is "not applicable", never a failure.
import { describe, expect, it } from "vitest";
import type { Transcript } from "../src/model/transcript.js";
import { capabilityNeeds, fixtureNeeds, notApplicable } from "../src/run/applicability.js";
import { fakeServerCommand, runCli, suiteDir } from "./helpers/cli.js";

function transcript(steps: Transcript["steps"], extra: Partial<Transcript> = {}): Transcript {
  return { id: "t", title: "t", side: "server", requirements: ["r"], revisions: ["all"], steps, ...extra };
}

const call = (name: string) => ({
  op: "send" as const,
  message: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: {} } },
});

describe("what a transcript needs", () => {
  it("reads the tools, prompts and resources it names, except names meant to be missing", () => {
    const t = transcript([
      call("test_simple_text"),
      call("mcpkit_no_such_tool"),
      call("{{toolName}}"),
      { op: "send", message: { jsonrpc: "2.0", id: 2, method: "prompts/get", params: { name: "p1" } } },
      {
        op: "send",
        message: { jsonrpc: "2.0", id: 3, method: "resources/read", params: { uri: "test://nonexistent-x" } },
      },
      {
        op: "send",
        message: { jsonrpc: "2.0", id: 4, method: "resources/subscribe", params: { uri: "test://watched" } },
        revisions: ["2025-11-25"],
      },
    ]);
    expect(fixtureNeeds(t, "2025-11-25", "stdio")).toEqual({
      tools: ["test_simple_text"],
      prompts: ["p1"],
      resources: ["test://watched"],
    });
    expect(fixtureNeeds(t, "2025-06-18", "stdio").resources).toEqual([]);
    expect(capabilityNeeds(t, "2025-11-25", "stdio")).toEqual([
      "tools",
      "prompts",
      "resources",
      "resources.subscribe",
    ]);
  });

  it("says which capability or fixture is missing", () => {
    const facts = {
      revision: "2025-11-25" as const,
      capabilities: { tools: {}, resources: {} },
      tools: ["a"],
      resources: ["test://one"],
      templates: ["test://template/{id}/data"],
    };
    expect(notApplicable(transcript([call("a")]), facts, "stdio")).toBeUndefined();
    expect(notApplicable(transcript([call("b"), call("c")]), facts, "stdio")).toBe(
      "not applicable: fixture missing (the server does not list the tool b, tool c)",
    );
    const read = (uri: string) =>
      transcript([
        { op: "send", message: { jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri } } },
      ]);
    expect(notApplicable(read("test://template/7/data"), facts, "stdio")).toBeUndefined();
    expect(notApplicable(read("test://two"), facts, "stdio")).toBe(
      "not applicable: fixture missing (the server does not list the resource test://two)",
    );
    const complete = transcript([
      { op: "send", message: { jsonrpc: "2.0", id: 1, method: "completion/complete", params: { ref: 1 } } },
    ]);
    expect(notApplicable(complete, facts, "stdio")).toBe(
      "not applicable: the server does not declare the capability completions",
    );
    const explicit = transcript([{ op: "send", message: { jsonrpc: "2.0", id: 1, method: "tools/list" } }], {
      fixtures: { tools: ["a", "z"] },
    });
    expect(notApplicable(explicit, facts, "stdio")).toBe(
      "not applicable: fixture missing (the server does not list the tool z)",
    );
  });
});

describe("a run against a server that lacks what a transcript needs", () => {
  const suite = suiteDir({
    "needs.json": [
      {
        id: "x/fixture",
        title: "calls a fixture tool",
        side: "server",
        requirements: ["x.r"],
        revisions: ["2025-11-25"],
        steps: [call("test_not_offered"), { op: "expect", message: { id: 1, result: {} } }],
      },
      {
        id: "x/capability",
        title: "reads a prompt",
        side: "server",
        requirements: ["x.r"],
        revisions: ["2025-11-25"],
        steps: [
          { op: "send", message: { jsonrpc: "2.0", id: 1, method: "prompts/list" } },
          { op: "expect", message: { id: 1, result: {} } },
        ],
      },
      {
        id: "x/listed",
        title: "calls a listed tool",
        side: "server",
        requirements: ["x.r"],
        revisions: ["session"],
        steps: [call("test_simple_text"), { op: "expect", message: { id: 1, error: { code: -32602 } } }],
      },
    ],
  });

  it("reports them not applicable, with the reason, and runs the rest", async () => {
    const run = await runCli(["server", "--stdio", fakeServerCommand("good"), "--transcripts", suite]);
    expect(run.stdout).toContain(
      "   x/fixture@2025-11-25: not applicable: fixture missing (the server does not list the tool test_not_offered)\n",
    );
    expect(run.stdout).toContain(
      "   x/capability@2025-11-25: not applicable: the server does not declare the capability prompts\n",
    );
    expect(run.last).toBe("conformance: 4 passed, 0 failed, 2 skipped");
    expect(run.code).toBe(0);
  });

  it("leaves out the revisions the server negotiates away from", async () => {
    const run = await runCli(["server", "--stdio", fakeServerCommand("one-version"), "--transcripts", suite]);
    expect(run.stdout).toContain(
      "   x/listed@2025-11-25: not applicable: asked for 2025-11-25, the server answered initialize with 2025-06-18 (it does not serve 2025-11-25)\n",
    );
    expect(run.stdout).toContain(
      "   x/listed@2024-11-05: not applicable: asked for 2024-11-05, the server answered initialize with 2025-06-18 (it does not serve 2024-11-05)\n",
    );
    expect(run.stdout).toContain("pass   x/listed");
    expect(run.last).toBe("conformance: 1 passed, 0 failed, 5 skipped");
    expect(run.code).toBe(0);
  });

  it("fails a revision the server negotiates away from when --revision names it", async () => {
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("one-version"),
      "--transcripts",
      suite,
      "--revision",
      "2025-11-25",
      "--id",
      "x/listed",
    ]);
    expect(run.stdout).toContain("FAIL   x/listed   2025-11-25");
    expect(run.stdout).toContain('$.result.protocolVersion: expected "2025-11-25", got "2025-06-18"');
    expect(run.last).toBe("conformance: 0 passed, 1 failed");
  });
});

describe("messages a server may send unasked", () => {
  const suite = suiteDir({
    "interleave.json": {
      id: "x/interleave",
      title: "a strict expect and an expectNothing after initialized",
      side: "server",
      requirements: ["x.r"],
      revisions: ["2025-11-25"],
      steps: [
        { op: "send", message: { jsonrpc: "2.0", method: "notifications/initialized" } },
        { op: "expectNothing", withinMs: 300 },
        { op: "send", message: { jsonrpc: "2.0", id: 5, method: "ping" } },
        { op: "expect", strict: true, message: { jsonrpc: "2.0", id: 5, result: {} } },
        { op: "expect", message: { method: "notifications/tools/list_changed" } },
      ],
    },
  });

  it("are looked past by strict expects and unpatterned expectNothing, and can still be expected", async () => {
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("list-changed"),
      "--transcripts",
      suite,
    ]);
    expect(run.stdout).toContain("pass   x/interleave");
    expect(run.last).toBe("conformance: 1 passed, 0 failed");
  });
});

describe("generic mode (--fixtures none)", () => {
  const suite = suiteDir({
    "generic.json": [
      {
        id: "x/named",
        title: "calls a tool the server lists, by name",
        side: "server",
        requirements: ["x.r"],
        revisions: ["2025-11-25"],
        steps: [call("test_simple_text"), { op: "expect", message: { id: 1, error: { code: -32602 } } }],
      },
      {
        id: "x/listed",
        title: "calls whatever tool is listed first",
        side: "server",
        requirements: ["x.r"],
        revisions: ["2025-11-25"],
        steps: [
          { op: "send", message: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
          {
            op: "expect",
            message: { id: 1, result: { tools: { $contains: [{ name: { $capture: "tool" } }] } } },
            orNotApplicable: "the server lists no tool",
          },
          call("{{tool}}"),
          { op: "expect", message: { id: 1, error: { code: -32602 } } },
        ],
      },
      {
        id: "x/unmet",
        title: "needs a tool with a required argument",
        side: "server",
        requirements: ["x.r"],
        revisions: ["2025-11-25"],
        steps: [
          { op: "send", message: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
          {
            op: "expect",
            message: {
              id: 1,
              result: { tools: { $contains: [{ inputSchema: { required: { $length: 1 } } }] } },
            },
            orNotApplicable: "the server lists no tool with a required argument",
          },
        ],
      },
    ],
  });

  it("leaves out transcripts that name fixtures and runs the generic ones; orNotApplicable skips at once", async () => {
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("good"),
      "--transcripts",
      suite,
      "--fixtures",
      "none",
      "--step-timeout",
      "60000",
    ]);
    expect(run.stdout).toContain(
      "   x/named@2025-11-25: not applicable: needs fixtures (--fixtures none): tool test_simple_text\n",
    );
    expect(run.stdout).toContain("pass   x/listed");
    expect(run.stdout).toContain(
      "   x/unmet@2025-11-25: not applicable: the server lists no tool with a required argument\n",
    );
    expect(run.last).toBe("conformance: 1 passed, 0 failed, 2 skipped");
    const auto = await runCli(["server", "--stdio", fakeServerCommand("good"), "--transcripts", suite]);
    expect(auto.last).toBe("conformance: 2 passed, 0 failed, 1 skipped");
  });
});
