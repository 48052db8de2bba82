import type { Requirement } from "../load/requirements.js";
import { match } from "../match/matcher.js";
import { lookupPath, substitute } from "../match/substitute.js";
import type { Json } from "../model/json.js";
import type { RunResult } from "../model/result.js";
import {
  type Era,
  type Revision,
  type TransportName,
  eraOf,
  selectRevisions,
  transportSupports,
} from "../model/revisions.js";
import type { LoadedTranscript, Transcript } from "../model/transcript.js";
import { applyExpectedFailures } from "../report/expected-failures.js";
import type { Report } from "../report/report.js";
import { type SkipEntry, findSkip } from "../report/skip-list.js";
import { createClientWire } from "../wire/client/client-wire.js";
import { HttpClientWire } from "../wire/http-client.js";
import { LegacySseClientWire } from "../wire/legacy-sse-client.js";
import { StdioServerWire } from "../wire/stdio-server.js";
import type { Wire } from "../wire/wire.js";
import { WsClientWire } from "../wire/ws-client.js";
import { InvariantLayer } from "../invariants/invocation.js";
import { executeRun } from "./executor.js";
import { Inbox, type InboxItem } from "./inbox.js";
import { NOT_RUN, PROBE_ID, type ProbeResult, probeOpening } from "./probe.js";

/** Which transcripts and revisions to run. Entries may use `*` as a wildcard. */
export interface RunFilters {
  /** Revision list grammar (docs/conformance-format.md §3), e.g. ["2025-06-18"] or [">=2025-06-18"]. */
  revisions?: string[];
  /** Transcript ids (or `tools/*`). */
  ids?: string[];
  /** Requirement ids (or `lifecycle.*`). */
  requirements?: string[];
}

/** Options of one conformance invocation. */
export interface RunOptions {
  /** What is under test. */
  mode: "server" | "client";
  transport: TransportName;
  /** Server mode: the stdio command or the URL. Client mode: the client command. */
  target: string;
  transcripts: readonly LoadedTranscript[];
  requirements?: ReadonlyMap<string, Requirement>;
  filters?: RunFilters;
  /** Entries of the expected-failures file for this mode. */
  expectedFailures?: readonly string[];
  /** Runs not to execute (reported as skipped with the entry's reason), e.g. a missing fixture. */
  skip?: readonly SkipEntry[];
  stepTimeoutMs?: number;
  runTimeoutMs?: number;
  /**
   * The implementation does authorization, so the auth transcripts run (without it they are left
   * out, like transcripts of another transport). Server mode: the tokens to use (§9.1).
   */
  auth?: RunnerAuth;
  /**
   * Check the rules that hold on all traffic on every message of every run (default true), and in
   * server mode run the observe pass. Violations are reported as `invariant/REQUIREMENT@REVISION`.
   */
  invariants?: boolean;
  /** Called after each run, in order (for progress output). */
  onResult?: (result: RunResult) => void;
}

/**
 * What the runner knows about a protected server under test (server mode). `token` is sent as
 * `Authorization: Bearer` on every HTTP request unless a step leaves it out.
 */
export interface RunnerAuth {
  /** The server refuses requests without a token; implied by either token. */
  required?: boolean;
  /** A valid access token with every scope the server needs. */
  token?: string;
  /** A valid access token that lacks a scope the server needs for every request. */
  insufficientScopeToken?: string;
}

/** Why a transcript's `needs` are not met by these options, or undefined when they are. */
export function unmetNeeds(t: Transcript, auth: RunnerAuth | undefined): string | undefined {
  const missing: string[] = [];
  for (const need of t.needs ?? []) {
    if (need === "auth" && !(auth?.required || auth?.token || auth?.insufficientScopeToken))
      missing.push("--auth (the server under test requires authorization)");
    if (need === "authToken" && !auth?.token) missing.push("--auth-token TOKEN");
    if (need === "authTokenInsufficientScope" && !auth?.insufficientScopeToken)
      missing.push("--auth-token-insufficient-scope TOKEN");
  }
  return missing.length === 0 ? undefined : `not applicable: needs ${missing.join(", ")}`;
}

/** Server transcripts with `needs` and client transcripts with an `auth` script. */
function concernsAuth(t: Transcript): boolean {
  return t.side === "server" ? (t.needs?.length ?? 0) > 0 : t.auth !== undefined;
}

function authVars(auth: RunnerAuth | undefined): Record<string, Json> {
  const vars: Record<string, Json> = {};
  if (auth?.token !== undefined) vars.authToken = auth.token;
  if (auth?.insufficientScopeToken !== undefined)
    vars.authTokenInsufficientScope = auth.insufficientScopeToken;
  return vars;
}

function globMatches(pattern: string, value: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${source}$`).test(value);
}

/** The (transcript, revision) pairs this invocation runs, in a stable order. */
export function planRuns(options: RunOptions): { loaded: LoadedTranscript; revision: Revision }[] {
  const filters = options.filters ?? {};
  const allowed = filters.revisions ? selectRevisions(filters.revisions) : undefined;
  const plan: { loaded: LoadedTranscript; revision: Revision }[] = [];
  for (const loaded of options.transcripts) {
    const t = loaded.transcript;
    if (t.side !== options.mode) continue;
    // Authorization is optional in MCP: its transcripts run only when the invocation says the
    // implementation does it (an auth option, §9.1).
    if (!options.auth && concernsAuth(t)) continue;
    if (t.transports && !t.transports.includes(options.transport)) continue;
    if (filters.ids && !filters.ids.some((id) => globMatches(id, t.id))) continue;
    if (
      filters.requirements &&
      !filters.requirements.some((r) => t.requirements.some((id) => globMatches(r, id)))
    ) {
      continue;
    }
    for (const revision of selectRevisions(t.revisions)) {
      if (allowed && !allowed.includes(revision)) continue;
      if (!transportSupports(options.transport, revision)) continue;
      plan.push({ loaded, revision });
    }
  }
  return plan;
}

/** Builds the `ignore` filter of a transcript for one revision. */
function ignoreFilter(
  t: Transcript,
  revision: Revision,
  transport: TransportName,
): (item: InboxItem) => boolean {
  const builtins = new Map<string, Json>([
    ["revision", revision],
    ["era", eraOf(revision)],
    ["transport", transport],
  ]);
  const patterns = (t.ignore ?? []).flatMap((pattern) => {
    try {
      return [substitute(pattern, (name) => lookupPath(builtins, name), true)];
    } catch {
      return [];
    }
  });
  return (item) => item.message !== undefined && patterns.some((p) => match(p, item.message).ok);
}

function createWire(
  options: RunOptions,
  t: Transcript,
  revision: Revision,
  inbox: Inbox,
  stepTimeoutMs: number,
): Wire {
  if (options.mode === "client") {
    return createClientWire({
      transport: options.transport,
      command: options.target,
      transcript: t,
      revision,
      inbox,
    });
  }
  switch (options.transport) {
    case "stdio":
      return new StdioServerWire(inbox, options.target);
    case "http":
      return new HttpClientWire(inbox, options.target, revision, options.auth?.token);
    case "sse":
      return new LegacySseClientWire(inbox, options.target, stepTimeoutMs, options.auth?.token);
    case "ws":
      return new WsClientWire(inbox, options.target, stepTimeoutMs, options.auth?.token);
  }
}

/** What the opening-exchange probes decided: one failed result per broken era, and why runs are left out. */
interface Opening {
  failures: RunResult[];
  blocked: Map<Era, string>;
}

const ERA_LABEL: Record<Era, string> = {
  session: "the session era (initialize)",
  stateless: "2026-07-28",
};

/**
 * Server mode: probes the opening exchange once per era the run will use (at the newest planned
 * revision of that era). A broken era fails once and its runs are not run. While the other era
 * works, a failed 2026-07-28 probe or a refused initialize means the server does not serve that era
 * (not applicable), unless `--revision` asked for it.
 */
async function probeEras(
  options: RunOptions,
  plan: readonly { loaded: LoadedTranscript; revision: Revision }[],
  stepTimeoutMs: number,
  runTimeoutMs: number,
  layer?: InvariantLayer,
): Promise<Opening> {
  // Without a token, a server that does authorization rightly refuses the opening exchange.
  if (options.auth && options.auth.token === undefined) return { failures: [], blocked: new Map() };
  const newest = new Map<Era, Revision>();
  for (const { loaded, revision } of plan) {
    const t = loaded.transcript;
    if (findSkip(options.skip ?? [], { transcript: t.id, revision, transport: options.transport })) continue;
    if (unmetNeeds(t, options.auth) !== undefined) continue;
    const era = eraOf(revision);
    const seen = newest.get(era);
    if (seen === undefined || revision > seen) newest.set(era, revision);
  }
  const probes = new Map<Era, ProbeResult>();
  for (const [era, revision] of newest) {
    probes.set(
      era,
      await probeOpening({
        revision,
        transport: options.transport,
        createWire: (t) =>
          createWire(
            options,
            t,
            revision,
            new Inbox(ignoreFilter(t, revision, options.transport)),
            stepTimeoutMs,
          ),
        stepTimeoutMs,
        runTimeoutMs,
        vars: authVars(options.auth),
        ...(layer ? { observer: layer.observer(PROBE_ID, revision, {}) } : {}),
      }),
    );
  }
  const asked = options.filters?.revisions ? selectRevisions(options.filters.revisions) : [];
  const opening: Opening = { failures: [], blocked: new Map() };
  for (const [era, probe] of probes) {
    if (probe.ok) continue;
    const otherWorks = [...probes].some(([other, p]) => other !== era && p.ok);
    // A session-era server need not know server/discover at all; a 2026-07-28-only server must
    // still answer initialize, if only with an error, so anything else there is a broken server.
    const declined = era === "stateless" || probe.refused;
    if (otherWorks && declined && !asked.includes(probe.revision)) {
      opening.blocked.set(era, `not applicable: the server does not serve ${ERA_LABEL[era]}`);
      continue;
    }
    opening.blocked.set(era, NOT_RUN);
    opening.failures.push({
      key: `${PROBE_ID}@${probe.revision}`,
      transcript: PROBE_ID,
      title: "the opening exchange",
      file: "(runner)",
      revision: probe.revision,
      transport: options.transport,
      status: "failed",
      verdict: "failed",
      requirements: [probe.requirement],
      failure: { ...probe.failure, reason: probe.message, requirements: [probe.requirement] },
    });
  }
  return opening;
}

/**
 * Runs every planned transcript run, one after another, and returns the report.
 * @example
 * const report = await runConformance({ mode: "server", transport: "stdio", target: "node server.js", transcripts });
 */
export async function runConformance(options: RunOptions): Promise<Report> {
  const stepTimeoutMs = options.stepTimeoutMs ?? 5000;
  const runTimeoutMs = options.runTimeoutMs ?? 30_000;
  const results: RunResult[] = [];
  const plan = planRuns(options);
  const layer =
    options.invariants !== false
      ? new InvariantLayer({
          requirements: options.requirements,
          transport: options.transport,
          ids: options.filters?.ids,
          requirementFilters: options.filters?.requirements,
          side: options.mode,
        })
      : undefined;
  const opening =
    options.mode === "server"
      ? await probeEras(options, plan, stepTimeoutMs, runTimeoutMs, layer)
      : { failures: [], blocked: new Map<Era, string>() };
  for (const failure of opening.failures) {
    results.push(failure);
    options.onResult?.(failure);
  }
  for (const { loaded, revision } of plan) {
    const t = loaded.transcript;
    const skip = findSkip(options.skip ?? [], { transcript: t.id, revision, transport: options.transport });
    const unmet = options.mode === "server" ? unmetNeeds(t, options.auth) : undefined;
    const blocked = opening.blocked.get(eraOf(revision));
    const outcome = skip
      ? { status: "skipped" as const, reason: `skip list (${skip.entry}): ${skip.reason}` }
      : unmet !== undefined
        ? { status: "skipped" as const, reason: unmet }
        : blocked !== undefined
          ? { status: "skipped" as const, reason: blocked }
          : await executeRun({
              transcript: t,
              revision,
              transport: options.transport,
              wire: createWire(
                options,
                t,
                revision,
                new Inbox(ignoreFilter(t, revision, options.transport)),
                t.stepTimeoutMs ?? stepTimeoutMs,
              ),
              stepTimeoutMs,
              runTimeoutMs,
              vars: authVars(options.auth),
              ...(layer ? { observer: layer.observer(t.id, revision, t.clientCapabilities) } : {}),
            });
    const result: RunResult = {
      key: `${t.id}@${revision}`,
      transcript: t.id,
      title: t.title,
      file: loaded.file,
      revision,
      transport: options.transport,
      status: outcome.status,
      verdict: outcome.status,
      requirements: [...t.requirements],
    };
    if (outcome.status === "failed") result.failure = outcome.failure;
    if (outcome.status === "skipped") result.skipReason = outcome.reason;
    applyExpectedFailures([result], options.expectedFailures ?? []);
    results.push(result);
    options.onResult?.(result);
  }
  const checked = layer
    ? await layer.finish(
        plan
          .filter((p) => unmetNeeds(p.loaded.transcript, options.auth) === undefined)
          .map((p) => p.revision),
        (revision) => opening.blocked.has(eraOf(revision)),
        (t, revision, inbox) => createWire(options, t, revision, inbox, stepTimeoutMs),
        { stepTimeoutMs, runTimeoutMs },
      )
    : [];
  for (const result of checked) {
    applyExpectedFailures([result], options.expectedFailures ?? []);
    results.push(result);
    options.onResult?.(result);
  }
  const report: Report = {
    format: "mcpkit-conformance-report/1",
    mode: options.mode,
    transport: options.transport,
    target: options.target,
    summary: summarize(results),
    results,
    requirements: {},
  };
  for (const result of results) {
    for (const id of result.failure?.requirements ?? []) {
      const found = options.requirements?.get(id);
      report.requirements[id] = found ?? { id };
    }
  }
  return report;
}

/** Counts for the last line: expected failures are neither passed nor failed. */
export function summarize(results: readonly RunResult[]): Report["summary"] {
  const count = (verdict: RunResult["verdict"]) => results.filter((r) => r.verdict === verdict).length;
  return {
    passed: count("passed"),
    failed: count("failed") + count("unexpected-pass"),
    skipped: count("skipped"),
    expectedFailures: count("expected-failure"),
  };
}
