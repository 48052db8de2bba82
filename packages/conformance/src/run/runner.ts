import type { Requirement } from "../load/requirements.js";
import { match } from "../match/matcher.js";
import { lookupPath, substitute } from "../match/substitute.js";
import type { Json } from "../model/json.js";
import type { RunResult } from "../model/result.js";
import {
  type Revision,
  type TransportName,
  eraOf,
  selectRevisions,
  transportSupports,
} from "../model/revisions.js";
import type { LoadedTranscript, Transcript } from "../model/transcript.js";
import { applyExpectedFailures } from "../report/expected-failures.js";
import { failureLevel } from "../report/levels.js";
import type { Report } from "../report/report.js";
import { type SkipEntry, findSkip } from "../report/skip-list.js";
import { createClientWire } from "../wire/client/client-wire.js";
import { HttpClientWire } from "../wire/http-client.js";
import { LegacySseClientWire } from "../wire/legacy-sse-client.js";
import { StdioServerWire } from "../wire/stdio-server.js";
import { PooledStdioWire, StdioPool } from "../wire/stdio-pool.js";
import type { Wire } from "../wire/wire.js";
import { WsClientWire } from "../wire/ws-client.js";
import { InvariantLayer } from "../invariants/invocation.js";
import { stampEnvelope } from "./envelope.js";
import { executeRun } from "./executor.js";
import { RunGate } from "./run-gate.js";
import { shareable } from "./shareable.js";
import { Inbox, type InboxItem } from "./inbox.js";
import { notApplicable } from "./applicability.js";
import type { ServerFacts } from "./discovery.js";
import { type Opening, probeRevisions } from "./opening.js";
import { PROBE_ID, probeOpening } from "./probe.js";

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
   * Server mode: `"auto"` (default) runs a transcript only when the server lists the fixtures it
   * names; `"none"` treats the server as having none of them (generic mode).
   */
  fixtures?: "auto" | "none";
  /**
   * Check the rules that hold on all traffic on every message of every run (default true), and in
   * server mode run the observe pass. Violations are reported as `invariant/REQUIREMENT@REVISION`.
   */
  invariants?: boolean;
  /** How many runs execute at once (default 1); results are still reported in plan order. */
  jobs?: number;
  /**
   * Server mode over stdio: runs of transcripts that leave no state behind share server processes
   * (`shareable.ts`; default true). `false`: every run starts its own process.
   */
  reuse?: boolean;
  /** Called after each run, in order (for progress output). */
  onResult?: (result: RunResult) => void;
  /** Called as each run ends with its wall-clock milliseconds (`--timing`); reports hold no times. */
  onRunTime?: (key: string, ms: number) => void;
  /** `--timing`: how the time was spent, in words (e.g. how many runs shared a process). */
  onTimingNote?: (note: string) => void;
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
  pool?: StdioPool,
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
    case "stdio": {
      if (!pool || !shareable(t)) return new StdioServerWire(inbox, options.target);
      const capabilities = t.clientCapabilities ?? {};
      const key = `${revision} ${JSON.stringify(capabilities)}`;
      const fence = (id: string) =>
        stampEnvelope({ jsonrpc: "2.0", id, method: "ping" }, revision, capabilities);
      return new PooledStdioWire(inbox, pool, key, fence, stepTimeoutMs);
    }
    case "http":
      return new HttpClientWire(inbox, options.target, revision, options.auth?.token);
    case "sse":
      return new LegacySseClientWire(inbox, options.target, stepTimeoutMs, options.auth?.token);
    case "ws":
      return new WsClientWire(inbox, options.target, stepTimeoutMs, options.auth?.token);
  }
}

/**
 * Server mode: the opening exchange and what the server offers, probed per planned revision
 * (`opening.ts`). Without a token, a server that does authorization rightly refuses the opening
 * exchange, so nothing is probed.
 */
async function probeServer(
  options: RunOptions,
  plan: readonly { loaded: LoadedTranscript; revision: Revision }[],
  stepTimeoutMs: number,
  runTimeoutMs: number,
  layer?: InvariantLayer,
  pool?: StdioPool,
): Promise<Opening> {
  if (options.auth && options.auth.token === undefined)
    return { failures: [], blocked: new Map(), facts: new Map() };
  const revisions: Revision[] = [];
  for (const { loaded, revision } of plan) {
    const t = loaded.transcript;
    if (findSkip(options.skip ?? [], { transcript: t.id, revision, transport: options.transport })) continue;
    if (unmetNeeds(t, options.auth) !== undefined) continue;
    if (!revisions.includes(revision)) revisions.push(revision);
  }
  return probeRevisions({
    revisions,
    asked: options.filters?.revisions ? selectRevisions(options.filters.revisions) : [],
    transport: options.transport,
    probe: (revision) =>
      probeOpening({
        revision,
        transport: options.transport,
        createWire: (t) =>
          createWire(
            options,
            t,
            revision,
            new Inbox(ignoreFilter(t, revision, options.transport)),
            stepTimeoutMs,
            // A probe that went well leaves its process to the runs of its revision.
            pool,
          ),
        stepTimeoutMs,
        runTimeoutMs,
        vars: authVars(options.auth),
        discover: true,
        ...(layer ? { observer: layer.observer(PROBE_ID, revision, {}) } : {}),
      }),
  });
}

/**
 * Runs every planned transcript run (`jobs` at a time) and returns the report, in plan order.
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
  const pool =
    options.mode === "server" && options.transport === "stdio" && options.reuse !== false
      ? new StdioPool(options.target, Math.max(6, (options.jobs ?? 1) * 2))
      : undefined;
  const probing = performance.now();
  const opening =
    options.mode === "server"
      ? await probeServer(options, plan, stepTimeoutMs, runTimeoutMs, layer, pool)
      : { failures: [], blocked: new Map<Revision, string>(), facts: new Map<Revision, ServerFacts>() };
  if (options.mode === "server") options.onRunTime?.("(opening probes)", performance.now() - probing);
  for (const failure of opening.failures) {
    results.push(failure);
    options.onResult?.(failure);
  }
  const execute = async (t: Transcript, revision: Revision, fresh = false) => {
    const wire = createWire(
      options,
      t,
      revision,
      new Inbox(ignoreFilter(t, revision, options.transport)),
      t.stepTimeoutMs ?? stepTimeoutMs,
      fresh ? undefined : pool,
    );
    const observer = layer?.observer(t.id, revision, t.clientCapabilities);
    const pooled = wire instanceof PooledStdioWire;
    if (pooled) observer?.hold();
    const outcome = await executeRun({
      transcript: t,
      revision,
      transport: options.transport,
      wire,
      stepTimeoutMs,
      runTimeoutMs,
      vars: authVars(options.auth),
      ...(observer ? { observer } : {}),
    });
    // A failure on a process an earlier run opened is judged again on a fresh one, with what the
    // invariants saw on the shared process dropped: sharing neither blames nor excuses a server.
    const again = outcome.status === "failed" && pooled && wire.reused;
    if (pooled) observer?.release(!again);
    if (again) {
      if (pool) pool.stats.rerun++;
      return execute(t, revision, true);
    }
    return outcome;
  };
  const runOne = async ({ loaded, revision }: (typeof plan)[number]): Promise<RunResult> => {
    const t = loaded.transcript;
    const started = performance.now();
    const skip = findSkip(options.skip ?? [], { transcript: t.id, revision, transport: options.transport });
    const unmet = options.mode === "server" ? unmetNeeds(t, options.auth) : undefined;
    const facts = opening.facts.get(revision);
    const blocked =
      opening.blocked.get(revision) ??
      (facts && options.mode === "server"
        ? notApplicable(t, facts, options.transport, options.fixtures)
        : undefined);
    const outcome = skip
      ? { status: "skipped" as const, reason: `skip list (${skip.entry}): ${skip.reason}` }
      : unmet !== undefined
        ? { status: "skipped" as const, reason: unmet }
        : blocked !== undefined
          ? { status: "skipped" as const, reason: blocked }
          : await execute(t, revision);
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
    options.onRunTime?.(result.key, performance.now() - started);
    return result;
  };
  // Runs are independent (a fresh process, connection or session each): `jobs` of them at a time,
  // reported in plan order.
  const done: (RunResult | undefined)[] = plan.map(() => undefined);
  let next = 0;
  let emitted = 0;
  // With shared processes, runs of one revision go together, so idle processes find their next run.
  const order = plan.map((_, i) => i);
  if (pool) {
    const rank = (i: number) => (plan[i] as (typeof plan)[number]).revision;
    order.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : a - b));
  }
  // Over stdio a run that changes server state gets its own process; elsewhere it runs alone.
  const gate = new RunGate();
  const alone = (t: Transcript) => t.fresh === true && options.transport !== "stdio";
  const worker = async () => {
    for (let n = next++; n < plan.length; n = next++) {
      const i = order[n] as number;
      const run = plan[i] as (typeof plan)[number];
      const leave = await gate.enter(alone(run.loaded.transcript));
      try {
        done[i] = await runOne(run);
      } finally {
        leave();
      }
      for (let r = done[emitted]; r !== undefined && emitted < plan.length; r = done[++emitted]) {
        results.push(r);
        options.onResult?.(r);
      }
    }
  };
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, plan.length));
  try {
    await Promise.all(Array.from({ length: jobs }, worker));
  } finally {
    await pool?.close();
  }
  if (pool)
    options.onTimingNote?.(
      `stdio: ${pool.stats.reused} runs on a process a probe or an earlier run opened, ${pool.stats.started} processes started for probes and shareable runs; ${pool.stats.rerun} failed on a shared process and ran again on a fresh one`,
    );
  const observing = performance.now();
  const checked = layer
    ? await layer.finish(
        plan
          .filter((p) => unmetNeeds(p.loaded.transcript, options.auth) === undefined)
          .map((p) => p.revision),
        (revision) => opening.blocked.has(revision),
        (t, revision, inbox) => createWire(options, t, revision, inbox, stepTimeoutMs),
        { stepTimeoutMs, runTimeoutMs },
      )
    : [];
  if (layer) options.onRunTime?.("(invariants: observe pass)", performance.now() - observing);
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
    summary: summarize(results, options.requirements),
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

/** Counts for the last line: expected failures are neither passed nor failed. Sets each failed run's level. */
export function summarize(
  results: readonly RunResult[],
  requirements?: ReadonlyMap<string, Requirement>,
): Report["summary"] {
  const count = (verdict: RunResult["verdict"]) => results.filter((r) => r.verdict === verdict).length;
  const failedByLevel = { MUST: 0, SHOULD: 0, "best practice": 0 };
  for (const result of results) {
    if (result.verdict !== "failed" && result.verdict !== "unexpected-pass") continue;
    result.level = failureLevel(result, requirements);
    failedByLevel[result.level]++;
  }
  return {
    passed: count("passed"),
    failed: count("failed") + count("unexpected-pass"),
    skipped: count("skipped"),
    expectedFailures: count("expected-failure"),
    failedByLevel,
  };
}
