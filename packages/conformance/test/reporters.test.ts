import { describe, expect, it } from "vitest";
import type { RunResult } from "../src/model/result.js";
import { formatJson } from "../src/report/json.js";
import { formatJunit } from "../src/report/junit.js";
import { type Report, summaryLine } from "../src/report/report.js";
import { formatTable } from "../src/report/table.js";
import { summarize } from "../src/run/runner.js";

function result(partial: Partial<RunResult> & Pick<RunResult, "transcript" | "verdict">): RunResult {
  return {
    key: `${partial.transcript}@2025-06-18`,
    title: `title of ${partial.transcript}`,
    file: `transcripts/${partial.transcript}.json`,
    revision: "2025-06-18",
    transport: "stdio",
    status:
      partial.verdict === "expected-failure"
        ? "failed"
        : partial.verdict === "unexpected-pass"
          ? "passed"
          : (partial.verdict as RunResult["status"]),
    requirements: ["req.a"],
    ...partial,
  };
}

const results: RunResult[] = [
  result({ transcript: "a/pass", verdict: "passed" }),
  result({
    transcript: "b/fail",
    verdict: "failed",
    failure: {
      step: "step 2",
      action: "expect (ping result)",
      reason: 'the response does not match: $.result.x: expected 1, got "<b>&"',
      requirements: ["req.a"],
      expected: { id: 1, result: { x: 1 } },
      actual: { jsonrpc: "2.0", id: 1, result: { x: "<b>&" } },
      mismatch: '$.result.x: expected 1, got "<b>&"',
    },
  }),
  result({ transcript: "c/skip", verdict: "skipped", skipReason: "the server lacks a required capability" }),
  result({
    transcript: "d/known",
    verdict: "expected-failure",
    failure: { step: "setup 1", action: "send", reason: "setup: cannot send", requirements: ["req.b"] },
  }),
  result({ transcript: "e/stale", verdict: "unexpected-pass" }),
];

const report: Report = {
  format: "mcpkit-conformance-report/1",
  mode: "server",
  transport: "stdio",
  target: "node server.js",
  summary: summarize(results),
  results,
  requirements: {
    "req.a": {
      id: "req.a",
      level: "MUST",
      url: "https://modelcontextprotocol.io/specification/2026-07-28/basic#a",
      urls: { "2025-06-18": "https://modelcontextprotocol.io/specification/2025-06-18/basic#a" },
    },
    "req.b": { id: "req.b" },
  },
};

describe("summary", () => {
  it("counts expected failures apart and stale entries as failures", () => {
    expect(report.summary).toEqual({
      passed: 1,
      failed: 2,
      skipped: 1,
      expectedFailures: 1,
      failedByLevel: { MUST: 2, SHOULD: 0, "best practice": 0 },
    });
    expect(summaryLine(report)).toBe("conformance: 1 passed, 2 failed, 1 skipped");
    expect(
      summaryLine({ ...report, summary: { passed: 3, failed: 0, skipped: 0, expectedFailures: 0 } }),
    ).toBe("conformance: 3 passed, 0 failed");
  });
});

describe("formatTable", () => {
  it("prints rows, failure details with requirement links, skips and expected failures", () => {
    expect(formatTable(report)).toBe(
      [
        "mcpkit-conformance: server over stdio: node server.js",
        "STATUS TRANSCRIPT REVISION    TITLE",
        "pass   a/pass     2025-06-18  title of a/pass",
        "FAIL   b/fail     2025-06-18  title of b/fail",
        "skip   c/skip     2025-06-18  title of c/skip",
        "xfail  d/known    2025-06-18  title of d/known",
        "XPASS  e/stale    2025-06-18  title of e/stale",
        "",
        "Failures:",
        "",
        "1) b/fail@2025-06-18 (stdio): title of b/fail",
        "   file: transcripts/b/fail.json",
        "   at: step 2: expect (ping result)",
        "   level: MUST",
        "   requirement: req.a (MUST) https://modelcontextprotocol.io/specification/2025-06-18/basic#a",
        '   reason: the response does not match: $.result.x: expected 1, got "<b>&"',
        '   expected: {"id":1,"result":{"x":1}}',
        '   received: {"jsonrpc":"2.0","id":1,"result":{"x":"<b>&"}}',
        "",
        "2) d/known@2025-06-18 (stdio) [expected failure]: title of d/known",
        "   file: transcripts/d/known.json",
        "   at: setup 1: send",
        "   requirement: req.b",
        "   reason: setup: cannot send",
        "",
        "3) e/stale@2025-06-18 (stdio): title of e/stale",
        "   file: transcripts/e/stale.json",
        "   reason: passed, but it is listed in the expected-failures file: remove the entry",
        "",
        "Skipped:",
        "   c/skip@2025-06-18: the server lacks a required capability",
        "",
        "expected failures: 1",
        "",
      ].join("\n"),
    );
  });

  it("clips very long messages", () => {
    const long = result({
      transcript: "x",
      verdict: "failed",
      failure: { step: "step 1", action: "expect", reason: "r", requirements: [], actual: "y".repeat(1000) },
    });
    const text = formatTable({ ...report, results: [long] });
    expect(text).toContain(`   received: "${"y".repeat(599)}… (1002 chars)\n`);
  });
});

describe("formatJunit", () => {
  it("writes one escaped testcase per run and no timestamps", () => {
    expect(formatJunit(report)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="mcpkit-conformance" tests="5" failures="2" errors="0" skipped="2">',
        '  <testsuite name="server/stdio" tests="5" failures="2" errors="0" skipped="2">',
        '    <testcase classname="a/pass" name="a/pass@2025-06-18 [stdio]"/>',
        '    <testcase classname="b/fail" name="b/fail@2025-06-18 [stdio]">',
        '      <failure message="the response does not match: $.result.x: expected 1, got &quot;&lt;b&gt;&amp;&quot;" type="step 2">at: step 2: expect (ping result)',
        "requirement: req.a MUST https://modelcontextprotocol.io/specification/2025-06-18/basic#a",
        "reason: the response does not match: $.result.x: expected 1, got &quot;&lt;b&gt;&amp;&quot;",
        "expected: {&quot;id&quot;:1,&quot;result&quot;:{&quot;x&quot;:1}}",
        "received: {&quot;jsonrpc&quot;:&quot;2.0&quot;,&quot;id&quot;:1,&quot;result&quot;:{&quot;x&quot;:&quot;&lt;b&gt;&amp;&quot;}}</failure>",
        "    </testcase>",
        '    <testcase classname="c/skip" name="c/skip@2025-06-18 [stdio]">',
        '      <skipped message="the server lacks a required capability"/>',
        "    </testcase>",
        '    <testcase classname="d/known" name="d/known@2025-06-18 [stdio]">',
        '      <skipped message="expected failure: setup: cannot send"/>',
        "    </testcase>",
        '    <testcase classname="e/stale" name="e/stale@2025-06-18 [stdio]">',
        '      <failure message="passed, but listed in the expected-failures file" type="unexpected-pass"/>',
        "    </testcase>",
        "  </testsuite>",
        "</testsuites>",
        "",
      ].join("\n"),
    );
  });
});

describe("formatJson", () => {
  it("is the report object, pretty-printed, ending in a newline", () => {
    const text = formatJson(report);
    expect(text.endsWith("}\n")).toBe(true);
    expect(JSON.parse(text)).toEqual(report);
    expect(text.split("\n")[1]).toBe('  "format": "mcpkit-conformance-report/1",');
  });
});
