// The pieces of the authorization support on their own: the WWW-Authenticate parser and matcher,
// the transcript checks of `auth`, `needs` and request expectations, and the CLI options.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { UsageError, parseArgs } from "../src/cli/args.js";
import { TranscriptError, validateTranscript } from "../src/load/validate.js";
import { formatMismatch, match } from "../src/match/matcher.js";
import { parseWwwAuthenticate } from "../src/match/www-authenticate.js";
import type { Transcript } from "../src/model/transcript.js";
import { unmetNeeds } from "../src/run/runner.js";

describe("parseWwwAuthenticate", () => {
  it("reads quoted and token params, lower-cases scheme and names, and splits challenges", () => {
    expect(
      parseWwwAuthenticate(
        'Bearer resource_metadata="https://x.example/.well-known/oauth-protected-resource/mcp", Scope="a b", error=insufficient_scope, Basic realm="r\\"q"',
      ),
    ).toEqual([
      {
        scheme: "bearer",
        params: {
          resource_metadata: "https://x.example/.well-known/oauth-protected-resource/mcp",
          scope: "a b",
          error: "insufficient_scope",
        },
      },
      { scheme: "basic", params: { realm: 'r"q' } },
    ]);
    expect(parseWwwAuthenticate("Bearer")).toEqual([{ scheme: "bearer", params: {} }]);
    expect(parseWwwAuthenticate("Negotiate abc==, Bearer")).toEqual([
      { scheme: "negotiate", params: { token68: "abc==" } },
      { scheme: "bearer", params: {} },
    ]);
  });

  it("refuses malformed values", () => {
    expect(parseWwwAuthenticate('Bearer scope="unterminated')).toBeUndefined();
    expect(parseWwwAuthenticate("=x")).toBeUndefined();
    expect(parseWwwAuthenticate('Bearer a="b" c="d"')).toBeUndefined();
  });
});

describe("the $wwwAuthenticate matcher", () => {
  const pattern = {
    $wwwAuthenticate: {
      $contains: [{ scheme: "bearer", params: { resource_metadata: { $capture: "prmUrl" } } }],
    },
  };

  it("matches a parsed challenge and captures a param", () => {
    const result = match(pattern, 'Bearer resource_metadata="http://127.0.0.1:1/prm", scope="s"');
    expect(result.ok).toBe(true);
    expect(result.captures.get("prmUrl")).toBe("http://127.0.0.1:1/prm");
  });

  it("explains a missing param and a value that is not a header", () => {
    const missing = match(pattern, 'Bearer scope="s"');
    expect(missing.ok).toBe(false);
    expect(formatMismatch(missing.mismatch as NonNullable<typeof missing.mismatch>)).toBe(
      '$: expected a challenge list where $ is an array with an element matching {"scheme":"bearer","params":{"resource_metadata":{"$capture":"prmUrl"}}}, got "Bearer scope=\\"s\\""',
    );
    const notText = match(pattern, 401);
    expect(formatMismatch(notText.mismatch as NonNullable<typeof notText.mismatch>)).toBe(
      "$: expected a WWW-Authenticate header value, got 401",
    );
  });
});

const client = {
  id: "client/auth/x",
  title: "x",
  side: "client",
  scenario: "auth/metadata-default",
  requirements: ["r.a"],
  revisions: ["2026-07-28"],
  transports: ["http"],
  steps: [{ op: "expect", request: { path: "/token" }, among: { server: "authorization" }, keep: true }],
};

function problem(value: unknown): string {
  try {
    validateTranscript(value, "t.json");
    return "valid";
  } catch (error) {
    if (error instanceof TranscriptError) return error.problem;
    throw error;
  }
}

describe("validation of the auth elements", () => {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  const schema = fileURLToPath(
    new URL("../../../conformance/schema/transcript.schema.json", import.meta.url),
  );
  const validate = ajv.compile(JSON.parse(readFileSync(schema, "utf8")));

  it("accepts an auth script and request expectations", () => {
    const good = {
      ...client,
      auth: { challenge: { scope: "a" }, authorizationServer: { iss: "normalized" } },
    };
    expect(problem(good)).toBe("valid");
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
  });

  it("rejects misplaced or malformed auth elements, like the JSON Schema", () => {
    const cases: [unknown, string][] = [
      [
        { ...client, side: "server", scenario: undefined, auth: {} },
        '"auth" scripts the server side: client transcripts only',
      ],
      [{ ...client, needs: ["authToken"] }, '"needs" names runner options: server transcripts only'],
      [
        { ...client, auth: { prm: { at: "elsewhere" } } },
        'auth.prm.at must be one of "path", "root", "custom"',
      ],
      [{ ...client, auth: { scopes: { "*": ["a b"] } } }, 'auth.scopes["*"] must be an array of scope names'],
      [{ ...client, auth: { tokens: {} } }, 'auth: unknown field "tokens"'],
      [
        { ...client, transports: ["ws"], auth: {} },
        '"auth" needs "transports": ["http"] (authorization is defined for HTTP)',
      ],
      [{ ...client, steps: [{ op: "expect", message: {}, among: {} }] }, '"among" goes with "request"'],
      [
        { ...client, steps: [{ op: "expect", message: {}, request: {} }] },
        'an expect needs exactly one of "message", "raw" or "request"',
      ],
    ];
    for (const [transcript, why] of cases) {
      expect(problem(JSON.parse(JSON.stringify(transcript)))).toBe(why);
      expect(validate(JSON.parse(JSON.stringify(transcript))), why).toBe(false);
    }
  });

  it("says which runner option a server transcript needs", () => {
    const t = { needs: ["auth", "authTokenInsufficientScope"] } as unknown as Transcript;
    expect(unmetNeeds(t, undefined)).toBe(
      "not applicable: needs --auth (the server under test requires authorization), --auth-token-insufficient-scope TOKEN",
    );
    expect(unmetNeeds(t, { token: "t" })).toBe("not applicable: needs --auth-token-insufficient-scope TOKEN");
    expect(unmetNeeds(t, { insufficientScopeToken: "n" })).toBeUndefined();
  });
});

describe("the auth options of the CLI", () => {
  it("reads --auth as a flag (both modes) and the token options as values (server mode only)", () => {
    expect(parseArgs(["client", "--command", "c", "--auth"]).auth).toBe(true);
    expect(
      parseArgs([
        "server",
        "--url",
        "http://h/mcp",
        "--auth",
        "--auth-token",
        "t",
        "--auth-token-insufficient-scope=n",
      ]),
    ).toMatchObject({ auth: true, authToken: "t", authTokenInsufficientScope: "n" });
    expect(() => parseArgs(["client", "--command", "c", "--auth-token", "t"])).toThrow(
      new UsageError("--auth-token applies to server mode only"),
    );
  });
});
