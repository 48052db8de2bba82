import { type Json, isObject } from "../model/json.js";
import type { Failure } from "../model/result.js";
import { type Era, type Revision, type TransportName, eraOf } from "../model/revisions.js";
import type { Transcript } from "../model/transcript.js";
import type { RunObserver } from "../invariants/observer.js";
import type { Wire } from "../wire/wire.js";
import { type ServerFacts, discoverFacts } from "./discovery.js";
import { executeRun } from "./executor.js";

/** Transcript id and title of the opening-exchange probe in reports. */
export const PROBE_ID = "opening-exchange";

/** Skip reason of the runs left out because the opening exchange failed. */
export const NOT_RUN = "not run: the opening exchange failed";

/** The requirement the opening exchange of each era fulfils. */
const REQUIREMENT: Record<Era, string> = {
  session: "lifecycle.init.response-fields",
  stateless: "lifecycle.discover.implemented",
};

const SENT: Record<Era, string> = {
  session: "initialize (then notifications/initialized)",
  stateless: "server/discover",
};

const REQUIRES: Record<Era, string> = {
  session:
    "the spec requires an initialize result with id 0 carrying protocolVersion, capabilities and serverInfo (name, version)",
  stateless:
    "the spec requires a server/discover result with id 0 whose supportedVersions lists the revision and which carries capabilities",
};

/** What one probe needs. */
export interface ProbeInput {
  revision: Revision;
  transport: TransportName;
  /** Builds the wire the transcripts of this revision would use. */
  createWire: (t: Transcript) => Wire;
  stepTimeoutMs: number;
  runTimeoutMs: number;
  /** Variables from the runner's options (e.g. `authToken`). */
  vars?: Record<string, Json>;
  /** The invariant layer's view of the probe: the opening exchange is traffic like any other. */
  observer?: RunObserver;
  /** After a passed opening, list what the server offers (capabilities, tools, prompts, resources). */
  discover?: boolean;
}

/** What probing one era found. */
export type ProbeResult =
  | {
      ok: true;
      /** What the server offers at this revision (with `discover`). */
      facts?: ServerFacts;
      /** The session-era server answered `initialize` with this other protocol version. */
      negotiated?: string;
    }
  | {
      ok: false;
      revision: Revision;
      requirement: string;
      message: string;
      failure: Failure;
      /** The server plainly declined: a JSON-RPC error answer, or an HTTP 4xx. */
      refused: boolean;
    };

/**
 * Runs the opening exchange once (the same handshake steps and wire the transcripts use) so that a
 * server that cannot even start a conversation fails the invocation once and quickly.
 * @example
 * const probe = await probeOpening({
 *   revision: "2025-11-25",
 *   transport: "stdio",
 *   createWire: () => new StdioServerWire(new Inbox(() => false), "node server.js"),
 *   stepTimeoutMs: 5000,
 *   runTimeoutMs: 30000,
 * });
 */
export async function probeOpening(input: ProbeInput): Promise<ProbeResult> {
  const { revision, transport, stepTimeoutMs, runTimeoutMs, vars } = input;
  const era = eraOf(revision);
  const transcript: Transcript = {
    id: PROBE_ID,
    title: "the opening exchange",
    side: "server",
    requirements: [REQUIREMENT[era]],
    revisions: [revision],
    steps: [],
  };
  const wire = input.createWire(transcript);
  let facts: ServerFacts | undefined;
  // What the server sent while refusing a revision it does not serve is not judged by that
  // revision's rules: the breaches wait until the verdict (see the releases below).
  input.observer?.hold();
  const outcome = await executeRun({
    transcript,
    revision,
    transport,
    wire,
    stepTimeoutMs,
    runTimeoutMs,
    vars: vars ?? {},
    ...(input.observer ? { observer: input.observer } : {}),
    afterPass: async (session) => {
      if (input.discover) facts = await discoverFacts(session, revision, stepTimeoutMs);
    },
  });
  if (outcome.status !== "failed") {
    input.observer?.release(true);
    return facts ? { ok: true, facts } : { ok: true };
  }
  const failure = outcome.failure;
  // An answer that picks another protocol version is version negotiation: the server does talk,
  // but not this revision.
  const negotiated = era === "session" ? negotiatedVersion(failure.actual, revision) : undefined;
  if (negotiated !== undefined) {
    input.observer?.release(false);
    return { ok: true, negotiated };
  }
  const stderr = wire.diagnostics();
  const what = failure.step === "run" ? `could not connect to send ${SENT[era]}` : `sent ${SENT[era]}`;
  const error = isObject(failure.actual) && isObject(failure.actual.error) ? failure.actual.error : undefined;
  const got =
    error === undefined
      ? failure.reason
      : `the JSON-RPC error ${JSON.stringify(error.code)} ${JSON.stringify(error.message)} (${failure.reason})`;
  const parts = [`the opening exchange for ${revision} failed: ${what}`, `got: ${got}`];
  if (stderr && !failure.reason.includes(stderr))
    parts.push(transport === "stdio" ? `server stderr (last lines): ${stderr}` : stderr);
  parts.push(REQUIRES[era]);
  const refused = error !== undefined || /answered with HTTP 4\d\d/.test(stderr);
  input.observer?.release(!refused);
  return {
    ok: false,
    revision,
    requirement: REQUIREMENT[era],
    message: parts.join("; "),
    failure,
    refused,
  };
}

function negotiatedVersion(actual: unknown, revision: Revision): string | undefined {
  if (!isObject(actual) || actual.id !== 0 || !isObject(actual.result)) return undefined;
  const version = actual.result.protocolVersion;
  return typeof version === "string" && version !== revision ? version : undefined;
}
