import { type Json, isObject } from "../model/json.js";
import { TRANSPORTS, isRevisionEntry } from "../model/revisions.js";
import { STEP_OPS, type Transcript } from "../model/transcript.js";
import { PatternError, checkPattern } from "../match/pattern-check.js";

/** A transcript that breaks the format: names the file, the transcript and the step. */
export class TranscriptError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${file}: ${where}: ${problem}`);
    this.name = "TranscriptError";
  }
}

type Kind = "string" | "boolean" | "integer" | "object" | "array" | "pattern" | "strings" | "headers";

const COMMON: Record<string, Kind> = {
  op: "string",
  note: "string",
  revisions: "strings",
  transports: "strings",
  when: "string",
  requirement: "string",
  timeoutMs: "integer",
};

const STEP_FIELDS: Record<string, Record<string, Kind>> = {
  send: {
    message: "pattern",
    raw: "string",
    newline: "boolean",
    binary: "boolean",
    envelope: "boolean",
    to: "pattern",
    http: "object",
  },
  expect: {
    message: "pattern",
    raw: "pattern",
    request: "pattern",
    among: "pattern",
    keep: "boolean",
    match: "string",
    strict: "boolean",
    optional: "boolean",
    orNotApplicable: "string",
    http: "object",
  },
  expectNothing: {
    withinMs: "integer",
    message: "pattern",
    raw: "pattern",
    request: "pattern",
    match: "string",
  },
  wait: { ms: "integer" },
  close: { code: "integer", reason: "string", stream: "string" },
  expectClose: { code: "pattern", reason: "pattern", stream: "string" },
  expectExit: { code: "pattern", signal: "pattern" },
  http: { as: "string", deliver: "boolean", request: "object", expect: "object" },
  connect: { ws: "object", expect: "object" },
};

const TRANSCRIPT_FIELDS: Record<string, Kind> = {
  $schema: "string",
  id: "string",
  title: "string",
  description: "string",
  side: "string",
  requirements: "strings",
  revisions: "strings",
  transports: "strings",
  setup: "string",
  autoConnect: "boolean",
  fresh: "boolean",
  clientCapabilities: "object",
  serverCapabilities: "object",
  requires: "pattern",
  scenario: "string",
  context: "object",
  auth: "object",
  needs: "strings",
  fixtures: "object",
  vars: "object",
  ignore: "array",
  timeoutMs: "integer",
  stepTimeoutMs: "integer",
  steps: "array",
};

function kindOk(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "integer":
      return Number.isInteger(value);
    case "object":
      return isObject(value);
    case "array":
      return Array.isArray(value);
    case "strings":
      return Array.isArray(value) && value.every((v) => typeof v === "string");
    case "headers":
      return isObject(value) && Object.values(value).every((v) => typeof v === "string");
    case "pattern":
      return true;
  }
}

function checkFields(obj: Record<string, unknown>, fields: Record<string, Kind>, fail: (p: string) => never) {
  for (const [key, value] of Object.entries(obj)) {
    const kind = fields[key];
    if (kind === undefined) fail(`unknown field "${key}"`);
    if (!kindOk(kind, value))
      fail(`field "${key}" must be ${kind === "strings" ? "an array of strings" : `a ${kind}`}`);
  }
}

function checkPatternAt(pattern: Json, label: string, fail: (p: string) => never) {
  try {
    checkPattern(pattern);
  } catch (error) {
    if (error instanceof PatternError) fail(`${label}: ${error.message}`);
    throw error;
  }
}

function checkRevisions(list: string[], fail: (p: string) => never) {
  if (list.length === 0) fail("revisions must not be empty");
  for (const entry of list) if (!isRevisionEntry(entry)) fail(`unknown revision entry "${entry}"`);
}

function checkTransports(list: string[], fail: (p: string) => never) {
  for (const t of list) if (!(TRANSPORTS as readonly string[]).includes(t)) fail(`unknown transport "${t}"`);
}

/**
 * Checks one transcript object against the format (docs/conformance-format.md) and returns it typed.
 * Throws TranscriptError naming the file, the transcript id and the step.
 * @example
 * const transcript = validateTranscript(JSON.parse(text), "tools/list.json");
 */
export function validateTranscript(value: unknown, file: string): Transcript {
  if (!isObject(value)) throw new TranscriptError(file, "top level", "a transcript must be a JSON object");
  const label = typeof value.id === "string" ? `transcript "${value.id}"` : "transcript";
  const fail = (problem: string): never => {
    throw new TranscriptError(file, label, problem);
  };
  checkFields(value, TRANSCRIPT_FIELDS, fail);
  for (const key of ["id", "title", "side", "requirements", "revisions", "steps"]) {
    if (value[key] === undefined) fail(`missing required field "${key}"`);
  }
  if (!/^[a-z0-9][a-z0-9._/-]*$/.test(value.id as string))
    fail(`id "${value.id}" must match ^[a-z0-9][a-z0-9._/-]*$`);
  if (value.side !== "server" && value.side !== "client") fail('side must be "server" or "client"');
  if (value.side === "client" && value.scenario === undefined) fail('a client transcript needs "scenario"');
  if ((value.requirements as string[]).length === 0) fail("requirements must not be empty");
  checkRevisions(value.revisions as string[], fail);
  if (value.transports !== undefined) checkTransports(value.transports as string[], fail);
  if (value.setup !== undefined && value.setup !== "handshake" && value.setup !== "none") {
    fail('setup must be "handshake" or "none"');
  }
  if (value.autoConnect === false && value.setup !== "none") fail('autoConnect false needs setup "none"');
  if (value.auth !== undefined) {
    if (value.side !== "client") fail('"auth" scripts the server side: client transcripts only');
    const transports = value.transports as string[] | undefined;
    if (transports?.length !== 1 || transports[0] !== "http")
      fail('"auth" needs "transports": ["http"] (authorization is defined for HTTP)');
    checkAuthScript(value.auth as Record<string, Json>, fail);
  }
  if (value.needs !== undefined) {
    if (value.side !== "server") fail('"needs" names runner options: server transcripts only');
    for (const need of value.needs as string[]) {
      if (!NEEDS.includes(need)) fail(`unknown need "${need}" (expected one of ${NEEDS.join(", ")})`);
    }
  }
  if (value.fixtures !== undefined) {
    if (value.side !== "server") fail('"fixtures" names what a server lists: server transcripts only');
    for (const [kind, names] of Object.entries(value.fixtures as Record<string, Json>)) {
      if (!["tools", "prompts", "resources"].includes(kind))
        fail(`fixtures: unknown kind "${kind}" (expected tools, prompts or resources)`);
      if (!Array.isArray(names) || !names.every((n) => typeof n === "string"))
        fail(`fixtures.${kind} must be an array of strings`);
    }
  }
  if (value.requires !== undefined) checkPatternAt(value.requires, "requires", fail);
  for (const [i, pattern] of ((value.ignore as Json[] | undefined) ?? []).entries()) {
    checkPatternAt(pattern, `ignore[${i}]`, fail);
  }
  if (
    value.timeoutMs !== undefined &&
    ((value.timeoutMs as number) < 1 || (value.timeoutMs as number) > 120_000)
  ) {
    fail("timeoutMs must be 1..120000");
  }
  const steps = value.steps as unknown[];
  if (steps.length === 0) fail("steps must not be empty");
  const requirements = value.requirements as string[];
  steps.forEach((step, index) => {
    validateStep(step, index, requirements, value.autoConnect === false, file, label);
  });
  return value as unknown as Transcript;
}

function validateStep(
  step: unknown,
  index: number,
  requirements: string[],
  manualConnect: boolean,
  file: string,
  label: string,
) {
  const op = isObject(step) && typeof step.op === "string" ? step.op : "?";
  const fail = (problem: string): never => {
    throw new TranscriptError(file, `${label}, step ${index + 1} (${op})`, problem);
  };
  if (!isObject(step)) fail("a step must be a JSON object");
  const s = step as Record<string, Json>;
  if (!(STEP_OPS as readonly string[]).includes(op))
    fail(`unknown op "${op}" (expected one of ${STEP_OPS.join(", ")})`);
  checkFields(s, { ...COMMON, ...STEP_FIELDS[op] }, fail);
  if (s.revisions !== undefined) checkRevisions(s.revisions as string[], fail);
  if (s.transports !== undefined) checkTransports(s.transports as string[], fail);
  if (s.when !== undefined && !/^!?[A-Za-z_][A-Za-z0-9_]*$/.test(s.when as string))
    fail("when must name a variable");
  if (s.requirement !== undefined && !requirements.includes(s.requirement as string)) {
    fail(`requirement "${s.requirement}" is not listed in the transcript's requirements`);
  }
  if (s.timeoutMs !== undefined && ((s.timeoutMs as number) < 1 || (s.timeoutMs as number) > 60_000)) {
    fail("timeoutMs must be 1..60000");
  }
  for (const key of ["message", "raw", "request", "among", "to", "code", "reason", "signal"]) {
    if (op !== "send" && s[key] !== undefined) checkPatternAt(s[key] as Json, key, fail);
  }
  switch (op) {
    case "send":
      if (s.message !== undefined && s.raw !== undefined) fail('use "message" or "raw", not both');
      if (
        s.message === undefined &&
        s.raw === undefined &&
        !(isObject(s.http) && typeof s.http.rawBody === "string")
      ) {
        fail('a send needs "message" or "raw"');
      }
      if (s.http !== undefined) checkHttpOptions(s.http as Record<string, Json>, fail);
      break;
    case "expect":
      if ([s.message, s.raw, s.request].filter((v) => v !== undefined).length !== 1)
        fail('an expect needs exactly one of "message", "raw" or "request"');
      if (s.among !== undefined && s.request === undefined) fail('"among" goes with "request"');
      if (s.keep !== undefined && s.request === undefined) fail('"keep" goes with "request"');
      if (s.request !== undefined && s.http !== undefined) fail('"http" goes with "message", not "request"');
      if (s.match !== undefined && s.match !== "partial" && s.match !== "exact")
        fail('match must be "partial" or "exact"');
      break;
    case "expectNothing":
      if (s.withinMs === undefined) fail('expectNothing needs "withinMs"');
      if ([s.message, s.raw, s.request].filter((v) => v !== undefined).length > 1)
        fail('use at most one of "message", "raw" or "request"');
      if ((s.withinMs as number) < 1 || (s.withinMs as number) > 10_000) fail("withinMs must be 1..10000");
      break;
    case "wait":
      if (s.ms === undefined || (s.ms as number) < 0 || (s.ms as number) > 10_000)
        fail("ms must be 0..10000");
      break;
    case "http": {
      if (!isObject(s.request)) fail('an http step needs "request"');
      const request = s.request as Record<string, Json>;
      checkFields(
        request,
        {
          method: "string",
          path: "string",
          headers: "headers",
          omitHeaders: "strings",
          body: "pattern",
          rawBody: "string",
          autoHeaders: "boolean",
        },
        fail,
      );
      if (request.body !== undefined && request.rawBody !== undefined)
        fail('use "body" or "rawBody", not both');
      if (s.expect !== undefined) checkHttpExpect(s.expect as Record<string, Json>, fail);
      break;
    }
    case "connect":
      if (!manualConnect) fail('a connect step needs "autoConnect": false on the transcript');
      break;
  }
}

const NEEDS = ["auth", "authToken", "authTokenInsufficientScope"];

function checkEnum(value: Json | undefined, allowed: string[], label: string, fail: (p: string) => never) {
  if (value !== undefined && !allowed.includes(value as string))
    fail(`${label} must be one of ${allowed.map((a) => `"${a}"`).join(", ")}`);
}

/** The transcript's `auth` object (docs/conformance-format.md §8.6). */
function checkAuthScript(auth: Record<string, Json>, fail: (p: string) => never) {
  const where = (label: string) => (problem: string) => fail(`auth${label}: ${problem}`);
  checkFields(
    auth,
    { challenge: "object", prm: "object", authorizationServer: "object", scopes: "object" },
    where(""),
  );
  if (auth.challenge !== undefined)
    checkFields(
      auth.challenge as Record<string, Json>,
      { resourceMetadata: "boolean", scope: "string" },
      where(".challenge"),
    );
  if (auth.prm !== undefined) {
    const prm = auth.prm as Record<string, Json>;
    checkFields(prm, { at: "string", document: "object" }, where(".prm"));
    checkEnum(prm.at, ["path", "root", "custom"], "auth.prm.at", fail);
  }
  if (auth.authorizationServer !== undefined) {
    const as = auth.authorizationServer as Record<string, Json>;
    checkFields(
      as,
      { issuerPath: "string", metadataAt: "string", metadata: "object", iss: "string" },
      where(".authorizationServer"),
    );
    checkEnum(as.metadataAt, ["oauth", "oidc", "oidc-append"], "auth.authorizationServer.metadataAt", fail);
    checkEnum(as.iss, ["omit", "correct", "wrong", "normalized"], "auth.authorizationServer.iss", fail);
    if (as.issuerPath !== undefined && !/^(\/[A-Za-z0-9._~-]+)*$/.test(as.issuerPath as string))
      fail('auth.authorizationServer.issuerPath must be "" or a path like "/tenant1"');
  }
  for (const [method, scopes] of Object.entries((auth.scopes ?? {}) as Record<string, Json>)) {
    if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === "string" && /^\S+$/.test(scope)))
      fail(`auth.scopes["${method}"] must be an array of scope names`);
  }
}

function checkHttpExpect(expect: Record<string, Json>, fail: (p: string) => never) {
  checkFields(expect, { status: "pattern", headers: "object", body: "pattern", events: "array" }, fail);
  for (const [key, pattern] of Object.entries(expect)) checkPatternAt(pattern, `http expect ${key}`, fail);
}

function checkHttpOptions(http: Record<string, Json>, fail: (p: string) => never) {
  checkFields(
    http,
    {
      headers: "headers",
      omitHeaders: "strings",
      expect: "object",
      status: "integer",
      mode: "string",
      rawBody: "string",
    },
    fail,
  );
  if (http.expect !== undefined) checkHttpExpect(http.expect as Record<string, Json>, fail);
  if (http.mode !== undefined && http.mode !== "json" && http.mode !== "sse")
    fail('http.mode must be "json" or "sse"');
}
