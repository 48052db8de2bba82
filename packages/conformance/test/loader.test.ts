import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { loadTranscripts } from "../src/load/loader.js";
import { loadRequirements } from "../src/load/requirements.js";
import { validateTranscript } from "../src/load/validate.js";

const fixtures = resolve(import.meta.dirname, "fixtures");
const schemaFile = resolve(import.meta.dirname, "../../../conformance/schema/transcript.schema.json");

const minimal = {
  id: "x/y",
  title: "t",
  side: "server",
  requirements: ["r.1"],
  revisions: ["all"],
  steps: [{ op: "send", message: { jsonrpc: "2.0", id: 1, method: "ping" } }],
};

function problem(value: unknown): string {
  try {
    validateTranscript(value, "suite/x.json");
    return "valid";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("validateTranscript", () => {
  it("accepts a minimal transcript", () => {
    expect(problem(minimal)).toBe("valid");
  });

  it("names the file, the transcript and the step in every error", () => {
    expect(problem({ ...minimal, steps: [{ op: "sned" }] })).toBe(
      'suite/x.json: transcript "x/y", step 1 (sned): unknown op "sned" (expected one of send, expect, expectNothing, wait, close, expectClose, expectExit, http, connect)',
    );
    expect(
      problem({ ...minimal, steps: [minimal.steps[0], { op: "expect", message: { id: { $tpye: "x" } } }] }),
    ).toBe('suite/x.json: transcript "x/y", step 2 (expect): message: $.id: unknown matcher "$tpye"');
    expect(problem({ ...minimal, steps: [{ op: "expect", messge: {} }] })).toBe(
      'suite/x.json: transcript "x/y", step 1 (expect): unknown field "messge"',
    );
    expect(problem({ ...minimal, steps: [{ op: "expectNothing" }] })).toBe(
      'suite/x.json: transcript "x/y", step 1 (expectNothing): expectNothing needs "withinMs"',
    );
    expect(problem({ ...minimal, steps: [{ op: "send", message: {}, requirement: "other" }] })).toBe(
      'suite/x.json: transcript "x/y", step 1 (send): requirement "other" is not listed in the transcript\'s requirements',
    );
  });

  it("checks transcript-level fields", () => {
    expect(problem({ ...minimal, revisions: ["2025-13-01"] })).toBe(
      'suite/x.json: transcript "x/y": unknown revision entry "2025-13-01"',
    );
    expect(problem({ ...minimal, transports: ["tcp"] })).toBe(
      'suite/x.json: transcript "x/y": unknown transport "tcp"',
    );
    expect(problem({ ...minimal, side: "client" })).toBe(
      'suite/x.json: transcript "x/y": a client transcript needs "scenario"',
    );
    expect(problem({ ...minimal, id: "Bad Id" })).toBe(
      'suite/x.json: transcript "Bad Id": id "Bad Id" must match ^[a-z0-9][a-z0-9._/-]*$',
    );
    const { steps: _steps, ...noSteps } = minimal;
    expect(problem(noSteps)).toBe('suite/x.json: transcript "x/y": missing required field "steps"');
    expect(problem([])).toBe("suite/x.json: top level: a transcript must be a JSON object");
  });
});

describe("loadTranscripts", () => {
  it("loads the example fixtures sorted by id", () => {
    const loaded = loadTranscripts([fixtures]);
    expect(loaded.map((l) => l.transcript.id)).toEqual([
      "example/client-calls-tool",
      "example/ping",
      "example/tools-call-unknown",
      "example/tools-list",
    ]);
  });

  it("reports bad JSON, duplicate ids and unknown requirement ids with the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "conformance-load-"));
    mkdirSync(join(dir, "a"));
    writeFileSync(join(dir, "a", "broken.json"), "{ nope");
    expect(() => loadTranscripts([dir])).toThrow(/broken\.json: file: not valid JSON/);
    writeFileSync(join(dir, "a", "broken.json"), JSON.stringify(minimal));
    writeFileSync(join(dir, "b.json"), JSON.stringify([minimal]));
    expect(() => loadTranscripts([dir])).toThrow(
      /b\.json: transcript "x\/y": duplicate id \(also in .*broken\.json\)/,
    );
    writeFileSync(join(dir, "b.json"), JSON.stringify([{ ...minimal, id: "x/z" }]));
    writeFileSync(join(dir, "_ignored.json"), "not even json");
    const requirements = new Map([["r.2", { id: "r.2" }]]);
    expect(() => loadTranscripts([dir], requirements)).toThrow(/unknown requirement id "r\.1"/);
    expect(loadTranscripts([dir]).map((l) => l.transcript.id)).toEqual(["x/y", "x/z"]);
    expect(() => loadTranscripts([join(dir, "missing")])).toThrow(/no such file or directory/);
  });

  it("reads requirement manifests tolerantly", () => {
    const dir = mkdtempSync(join(tmpdir(), "conformance-req-"));
    writeFileSync(
      join(dir, "lifecycle.json"),
      JSON.stringify({
        requirements: [{ id: "a", level: "MUST", url: "https://spec/a", text: "A" }, { nope: 1 }],
      }),
    );
    writeFileSync(join(dir, "more.json"), JSON.stringify([{ id: "b", link: "https://spec/b" }]));
    const map = loadRequirements(dir);
    expect(map && [...map.values()]).toEqual([
      { id: "a", level: "MUST", url: "https://spec/a", text: "A" },
      { id: "b", url: "https://spec/b" },
    ]);
    expect(loadRequirements(join(dir, "absent"))).toBeUndefined();
  });
});

describe("the JSON Schema agrees with the loader", () => {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")));

  it("accepts every example fixture", () => {
    for (const file of readdirSync(fixtures).filter((f) => f.endsWith(".json"))) {
      const ok = validate(JSON.parse(readFileSync(join(fixtures, file), "utf8")));
      expect(ok, `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("rejects what the loader rejects", () => {
    const bad = [
      { ...minimal, steps: [{ op: "sned" }] },
      { ...minimal, steps: [{ op: "expect", messge: {} }] },
      { ...minimal, steps: [{ op: "expectNothing" }] },
      { ...minimal, revisions: ["someday"] },
      { ...minimal, side: "client" },
      { ...minimal, steps: [{ op: "send", message: {}, raw: "x" }] },
    ];
    for (const transcript of bad) {
      expect(validate(transcript), JSON.stringify(transcript)).toBe(false);
      expect(problem(transcript)).not.toBe("valid");
    }
  });
});
