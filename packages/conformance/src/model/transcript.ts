import type { Json, JsonObject } from "./json.js";
import type { TransportName } from "./revisions.js";

/** A pattern: JSON where objects with `$` keys are matchers (docs/conformance-format.md §5). */
export type Pattern = Json;

/** Fields every step may carry. */
export interface StepBase {
  note?: string;
  revisions?: string[];
  transports?: TransportName[];
  when?: string;
  requirement?: string;
  timeoutMs?: number;
}

/** Checks on an HTTP response. */
export interface HttpExpect {
  status?: Pattern;
  headers?: Record<string, Pattern>;
  body?: Pattern;
  events?: Pattern[];
}

/** HTTP options of a `send` step. */
export interface SendHttp {
  headers?: Record<string, string>;
  omitHeaders?: string[];
  expect?: HttpExpect;
  status?: number;
  mode?: "json" | "sse";
  rawBody?: string;
}

export interface SendStep extends StepBase {
  op: "send";
  message?: Json;
  raw?: string;
  newline?: boolean;
  binary?: boolean;
  envelope?: boolean;
  to?: Json;
  http?: SendHttp;
}

export interface ExpectStep extends StepBase {
  op: "expect";
  message?: Pattern;
  raw?: Pattern;
  /** Client transcripts over HTTP: pattern for one HTTP request the client made (§8.6). */
  request?: Pattern;
  /** With `request`: only requests matching this are candidates, and the first of them must match. */
  among?: Pattern;
  /** With `request`: leave the matched request in the log, so later steps can check it again. */
  keep?: boolean;
  match?: "partial" | "exact";
  strict?: boolean;
  optional?: boolean;
  /**
   * Server transcripts: when nothing matches (or the response with the pattern's id does not), the
   * run ends as "not applicable: <this text>" instead of failing, e.g. "the server lists no tool
   * with a required argument".
   */
  orNotApplicable?: string;
  http?: { method?: Pattern; path?: Pattern; headers?: Record<string, Pattern> };
}

export interface ExpectNothingStep extends StepBase {
  op: "expectNothing";
  withinMs: number;
  message?: Pattern;
  raw?: Pattern;
  request?: Pattern;
  match?: "partial" | "exact";
}

export interface WaitStep extends StepBase {
  op: "wait";
  ms: number;
}

export interface CloseStep extends StepBase {
  op: "close";
  code?: number;
  reason?: string;
  stream?: string;
}

export interface ExpectCloseStep extends StepBase {
  op: "expectClose";
  code?: Pattern;
  reason?: Pattern;
  stream?: string;
}

export interface ExpectExitStep extends StepBase {
  op: "expectExit";
  code?: Pattern;
  signal?: Pattern;
}

export interface HttpRequestSpec {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  omitHeaders?: string[];
  body?: Json;
  rawBody?: string;
  autoHeaders?: boolean;
}

export interface HttpStep extends StepBase {
  op: "http";
  as?: string;
  deliver?: boolean;
  request: HttpRequestSpec;
  expect?: HttpExpect;
}

export interface ConnectStep extends StepBase {
  op: "connect";
  ws?: { protocols?: string[]; headers?: Record<string, string> };
  expect?: { status?: Pattern; headers?: Record<string, Pattern>; body?: Pattern; protocol?: Pattern };
}

/** One step of a transcript. */
export type Step =
  | SendStep
  | ExpectStep
  | ExpectNothingStep
  | WaitStep
  | CloseStep
  | ExpectCloseStep
  | ExpectExitStep
  | HttpStep
  | ConnectStep;

/** The step kinds, in the order the format document lists them. */
export const STEP_OPS = [
  "send",
  "expect",
  "expectNothing",
  "wait",
  "close",
  "expectClose",
  "expectExit",
  "http",
  "connect",
] as const;

/**
 * Client transcripts over HTTP: the protected resource and authorization server the runner plays
 * (docs/conformance-format.md §8.6).
 */
export interface AuthScript {
  /** The 401 the MCP endpoint answers a request without a valid token. */
  challenge?: { resourceMetadata?: boolean; scope?: string };
  /** The protected-resource metadata: where it is served and fields over the default document. */
  prm?: { at?: "path" | "root" | "custom"; document?: JsonObject };
  authorizationServer?: {
    /** The issuer's path ("" or e.g. "/tenant1"). */
    issuerPath?: string;
    /** Which well-known URL serves the metadata (the others answer 404). */
    metadataAt?: "oauth" | "oidc" | "oidc-append";
    /** Fields over the default metadata; `null` removes a field. */
    metadata?: JsonObject;
    /** The `iss` parameter of the authorization response. */
    iss?: "omit" | "correct" | "wrong" | "normalized";
  };
  /** Scopes a token needs, by JSON-RPC method; `"*"` for every other method (default: none). */
  scopes?: Record<string, string[]>;
}

/** Runner-provided values a server transcript needs (§9.1); without them the run is not applicable. */
export type RunnerNeed = "auth" | "authToken" | "authTokenInsufficientScope";

/** A transcript as written in a transcript file. */
export interface Transcript {
  id: string;
  title: string;
  description?: string;
  side: "server" | "client";
  requirements: string[];
  revisions: string[];
  transports?: TransportName[];
  setup?: "handshake" | "none";
  autoConnect?: boolean;
  /** Server transcripts over stdio: never share a process with another run (§6.1). */
  fresh?: boolean;
  clientCapabilities?: JsonObject;
  serverCapabilities?: JsonObject;
  requires?: Pattern;
  scenario?: string;
  context?: JsonObject;
  auth?: AuthScript;
  needs?: RunnerNeed[];
  /**
   * Server transcripts: fixtures the transcript needs beyond those it names in its requests (which
   * the runner reads itself); a server that does not list one makes the run not applicable.
   */
  fixtures?: { tools?: string[]; prompts?: string[]; resources?: string[] };
  vars?: JsonObject;
  ignore?: Pattern[];
  timeoutMs?: number;
  stepTimeoutMs?: number;
  steps: Step[];
}

/** A transcript with where it came from. */
export interface LoadedTranscript {
  transcript: Transcript;
  /** The file it was read from, relative to the suite directory when possible. */
  file: string;
}
