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
  match?: "partial" | "exact";
  strict?: boolean;
  optional?: boolean;
  http?: { method?: Pattern; path?: Pattern; headers?: Record<string, Pattern> };
}

export interface ExpectNothingStep extends StepBase {
  op: "expectNothing";
  withinMs: number;
  message?: Pattern;
  raw?: Pattern;
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
  clientCapabilities?: JsonObject;
  serverCapabilities?: JsonObject;
  requires?: Pattern;
  scenario?: string;
  context?: JsonObject;
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
