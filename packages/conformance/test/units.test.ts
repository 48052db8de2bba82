import { describe, expect, it } from "vitest";
import { parseArgs } from "../src/cli/args.js";
import { selectRevisions, isRevisionEntry } from "../src/model/revisions.js";
import { applyExpectedFailures, parseExpectedFailures } from "../src/report/expected-failures.js";
import type { RunResult } from "../src/model/result.js";
import { findSkip, parseSkipList } from "../src/report/skip-list.js";
import { type SseEvent, SseParser } from "../src/wire/sse-parser.js";

describe("revision lists", () => {
  it("select by date, comparison, era and all", () => {
    expect(selectRevisions(["2025-06-18"])).toEqual(["2025-06-18"]);
    expect(selectRevisions([">=2025-06-18"])).toEqual(["2025-06-18", "2025-11-25", "2026-07-28"]);
    expect(selectRevisions(["<2025-06-18", "stateless"])).toEqual(["2024-11-05", "2025-03-26", "2026-07-28"]);
    expect(selectRevisions(["session"])).toEqual(["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]);
    expect(selectRevisions(["all"]).length).toBe(5);
    expect(isRevisionEntry("2025-01-01")).toBe(false);
    expect(isRevisionEntry(">=2025-01-01")).toBe(true);
  });
});

describe("parseArgs", () => {
  it("reads server, client and filters", () => {
    expect(
      parseArgs(["server", "--stdio", "node s.js", "--revision", "2025-06-18,2025-11-25", "--id=tools/*"]),
    ).toMatchObject({
      command: "server",
      transport: "stdio",
      target: "node s.js",
      revisions: ["2025-06-18", "2025-11-25"],
      ids: ["tools/*"],
    });
    expect(parseArgs(["server", "--url", "ws://127.0.0.1:1/mcp"]).transport).toBe("ws");
    expect(parseArgs(["server", "--url", "http://h/sse", "--transport", "sse"]).transport).toBe("sse");
    expect(parseArgs(["client", "--command", "c", "--transport", "stdio"])).toMatchObject({
      transport: "stdio",
      target: "c",
    });
    expect(parseArgs(["client", "--command", "c"]).transport).toBe("http");
  });

  it("refuses contradictions with a clear message", () => {
    expect(() => parseArgs(["server"])).toThrow("server needs exactly one of --stdio or --url");
    expect(() => parseArgs(["server", "--url", "http://x", "--transport", "ws"])).toThrow(
      "--transport ws does not fit the URL http://x",
    );
    expect(() => parseArgs(["client", "--command", "c", "--transport", "sse"])).toThrow(
      "client --transport is stdio, http or ws",
    );
    expect(() => parseArgs(["server", "--stdio", "x", "--bogus"])).toThrow('unknown option "--bogus"');
    expect(() => parseArgs(["server", "--stdio"])).toThrow("--stdio needs a value");
    expect(() => parseArgs(["server", "--stdio", "x", "--timeout", "0"])).toThrow(
      "--timeout needs a positive number of ms",
    );
    expect(() => parseArgs(["serve"])).toThrow('unknown command "serve"');
  });
});

describe("skip files", () => {
  it("parse entries with reasons and refuse entries without one", () => {
    const text = JSON.stringify({
      server: [
        { entry: "server/prompts/*", reason: "no prompt fixtures" },
        { entry: "server/base/batch@2025-03-26:stdio", reason: "why" },
      ],
    });
    expect(parseSkipList(text, "s.json")).toEqual({
      server: [
        { entry: "server/prompts/*", reason: "no prompt fixtures" },
        { entry: "server/base/batch@2025-03-26:stdio", reason: "why" },
      ],
      client: [],
    });
    expect(() => parseSkipList('{"server": ["a/b"]}', "s.json")).toThrow(
      's.json: server[0]: expected {"entry": "ID[@REVISION][:TRANSPORT]", "reason": "..."}',
    );
    expect(() => parseSkipList('{"server": [{"entry": "a/b", "reason": " "}]}', "s.json")).toThrow(
      's.json: server[0]: "reason" must say why the runs are skipped',
    );
    expect(() =>
      parseSkipList('{"client": [{"entry": "a@2025-06-18:tcp", "reason": "r"}]}', "s.json"),
    ).toThrow('s.json: client[0]: "a@2025-06-18:tcp" is not ID[@REVISION][:TRANSPORT]');
    expect(() => parseSkipList("server:\n  - a\n", "s.yaml")).toThrow("s.yaml: not valid JSON");
  });

  it("match ids with wildcards, revision and transport", () => {
    const entries = [
      { entry: "server/prompts/*", reason: "p" },
      { entry: "server/base/batch@2025-03-26:stdio", reason: "b" },
    ];
    const run = (transcript: string, revision = "2025-03-26", transport = "stdio") =>
      findSkip(entries, {
        transcript,
        revision: revision as RunResult["revision"],
        transport: transport as RunResult["transport"],
      })?.reason;
    expect(run("server/prompts/list")).toBe("p");
    expect(run("server/prompts")).toBeUndefined();
    expect(run("server/base/batch")).toBe("b");
    expect(run("server/base/batch", "2025-06-18")).toBeUndefined();
    expect(run("server/base/batch", "2025-03-26", "http")).toBeUndefined();
    expect(run("server/base/batchy")).toBeUndefined();
  });
});

describe("expected-failures files", () => {
  it("parse the YAML subset and JSON", () => {
    expect(
      parseExpectedFailures(
        "# c\nserver:\n  - a/b\n  - 'a/c@2025-06-18'   # why\nclient:\n  - x:stdio\n",
        "f.yaml",
      ),
    ).toEqual({ server: ["a/b", "a/c@2025-06-18"], client: ["x:stdio"] });
    expect(parseExpectedFailures('{"client": ["a@2025-11-25:http"]}', "f.json")).toEqual({
      server: [],
      client: ["a@2025-11-25:http"],
    });
    expect(() => parseExpectedFailures("  - a\n", "f.yaml")).toThrow(
      'f.yaml: line 1: expected "server:", "client:"',
    );
    expect(() => parseExpectedFailures("server:\n  - Bad Entry\n", "f.yaml")).toThrow("line 2: expected");
    expect(() => parseExpectedFailures("server:\n  - a@2025-06-18:tcp\n", "f.yaml")).toThrow(
      'f.yaml: line 2: "a@2025-06-18:tcp" is not ID[@REVISION][:TRANSPORT]',
    );
  });

  it("match by id, revision and transport", () => {
    const make = (transcript: string, status: RunResult["status"]): RunResult => ({
      key: `${transcript}@2025-06-18`,
      transcript,
      title: "",
      file: "",
      revision: "2025-06-18",
      transport: "http",
      status,
      verdict: status,
      requirements: [],
    });
    const runs = [
      make("a", "failed"),
      make("b", "passed"),
      make("c", "failed"),
      make("d", "failed"),
      make("e", "skipped"),
    ];
    applyExpectedFailures(runs, ["a", "b@2025-06-18", "c@2025-11-25", "d:stdio", "e"]);
    expect(runs.map((r) => r.verdict)).toEqual([
      "expected-failure",
      "unexpected-pass",
      "failed",
      "failed",
      "skipped",
    ]);
  });
});

describe("SseParser", () => {
  it("parses events split across chunks, with CRLF, comments, ids, retry and empty data", () => {
    const events: SseEvent[] = [];
    const parser = new SseParser((event) => events.push(event));
    parser.push(": keep-alive\r\nid: 1\r\nretry: 500\r\ndata:\r\n\r\nevent: message\nda");
    parser.push('ta: {"a":1}\ndata: more\n\nid: only-id\n\n');
    parser.push("data: unterminated");
    parser.end();
    expect(events).toEqual([
      { id: "1", retry: 500, data: "", hasData: true },
      { event: "message", data: '{"a":1}\nmore', hasData: true },
      { id: "only-id", data: "", hasData: false },
    ]);
  });

  it("waits for the second half of a CRLF split between chunks", () => {
    const events: SseEvent[] = [];
    const parser = new SseParser((event) => events.push(event));
    parser.push("data: x\r");
    parser.push("\n\r\n");
    expect(events).toEqual([{ data: "x", hasData: true }]);
  });
});
