import type { Json, JsonObject } from "../model/json.js";
import type { Failure } from "../model/result.js";
import { type Revision, type TransportName, eraOf, selectRevisions } from "../model/revisions.js";
import type { ConnectStep, HttpExpect, HttpStep, SendStep, Step, Transcript } from "../model/transcript.js";
import { applyMasks, formatMismatch, match } from "../match/matcher.js";
import { UnknownVariableError, lookupPath, substitute } from "../match/substitute.js";
import type { HttpResponseInfo, Wire } from "../wire/wire.js";
import type { RunObserver } from "../invariants/observer.js";
import { tapWire } from "../invariants/wire-tap.js";
import { type InboxContext, expectMessage, expectNothing } from "./inbox-steps.js";
import type { InboxItem } from "./inbox.js";
import { RUNNER_INFO, stampEnvelope } from "./envelope.js";
import { handshakeSteps } from "./prelude.js";
import { expectNoRequest, expectRequest } from "./request-steps.js";
import { StepFailed } from "./step-failed.js";
import { TimeoutError, delay, withTimeout } from "./time.js";

export { RUNNER_INFO } from "./envelope.js";

/** Everything one run needs. */
export interface RunInput {
  transcript: Transcript;
  revision: Revision;
  transport: TransportName;
  wire: Wire;
  /** Default per-step timeout (the transcript's own wins). */
  stepTimeoutMs: number;
  /** Default whole-run timeout (the transcript's own wins). */
  runTimeoutMs: number;
  /** Variables the runner's options provide (e.g. `authToken`), bound before the transcript's `vars`. */
  vars?: Record<string, Json>;
  /** The invariant layer's view of this run: it sees every message sent and received. */
  observer?: RunObserver;
  /**
   * Called after a passed run, before the wire is disposed, with the run's variables and a way to
   * send more requests (the stateless envelope added): the probe uses it to list what the server has.
   */
  afterPass?: (session: PassedSession) => Promise<void>;
}

/** What `afterPass` gets: the run's variables and the still-open wire. */
export interface PassedSession {
  vars: ReadonlyMap<string, Json>;
  wire: Wire;
  /** Adds the stateless `_meta` envelope to a request when the run's revision needs it. */
  envelope: (message: Json) => Json;
}

/** The outcome of executing one run. */
export type RunOutcome =
  | { status: "passed" }
  | { status: "skipped"; reason: string }
  | { status: "failed"; failure: Failure };

interface Labelled {
  step: Step;
  label: string;
  setup: boolean;
}

/**
 * Executes one transcript run against a connected wire: setup, then steps, each bounded; always
 * disposes the wire. Never throws: every problem becomes a failed outcome with a reason.
 * @example
 * const outcome = await executeRun({ transcript, revision: "2025-06-18", transport: "stdio", wire, stepTimeoutMs: 5000, runTimeoutMs: 30000 });
 */
export async function executeRun(input: RunInput): Promise<RunOutcome> {
  const runner = new Executor(
    input.observer ? { ...input, wire: tapWire(input.wire, input.observer) } : input,
  );
  let reusable = false;
  try {
    const outcome = await runner.run();
    if (outcome.status === "passed" && input.afterPass) await input.afterPass(runner.session());
    reusable = outcome.status !== "failed";
    return outcome;
  } finally {
    const wire = input.wire;
    await (reusable && wire.recycle ? wire.recycle() : wire.dispose()).catch(() => undefined);
  }
}

class Executor {
  private readonly vars = new Map<string, Json>();
  /** What the runner sent, each after how many arrivals, for the failure's exchange. */
  private readonly sent: { after: number; text: string }[] = [];
  private readonly t: Transcript;
  private readonly deadline: number;
  private readonly runTimeout: number;
  /** Set when a wait or a bounded step was cut short by the deadline: timers may fire a
   * millisecond before `Date.now()` reaches it, so the clock alone cannot tell. */
  private outOfTime = false;

  constructor(private readonly input: RunInput) {
    this.t = input.transcript;
    this.runTimeout = this.t.timeoutMs ?? input.runTimeoutMs;
    this.deadline = Date.now() + this.runTimeout;
    const era = eraOf(input.revision);
    this.vars.set("revision", input.revision);
    this.vars.set("era", era);
    this.vars.set("transport", input.transport);
    this.vars.set("clientCapabilities", this.t.clientCapabilities ?? {});
    this.vars.set("serverCapabilities", this.t.serverCapabilities ?? {});
    this.vars.set("clientInfo", RUNNER_INFO);
    this.vars.set("serverInfo", RUNNER_INFO);
    for (const [key, value] of Object.entries(input.vars ?? {})) this.vars.set(key, value);
    for (const [key, value] of Object.entries(this.t.vars ?? {})) this.vars.set(key, value);
  }

  private inboxContext(): InboxContext {
    return {
      wire: this.input.wire,
      side: this.t.side,
      lookup: this.lookup,
      deadline: this.deadline,
      commit: (captures) => this.commit(captures),
      stepTimeout: (step) => this.stepTimeout(step),
      runTimedOut: () => this.runTimedOut(),
    };
  }

  private lookup = (name: string): Json | undefined => {
    const fromWire = (this.input.wire as { variables?: () => Record<string, Json> }).variables?.();
    if (fromWire) for (const [key, value] of Object.entries(fromWire)) this.vars.set(key, value);
    return lookupPath(this.vars, name);
  };

  /** The run's variables and wire, for `afterPass`. */
  session(): PassedSession {
    return { vars: this.vars, wire: this.input.wire, envelope: (message) => this.envelope(message) };
  }

  private steps(): Labelled[] {
    const shared = this.input.wire.handshake;
    if (shared !== undefined) for (const [key, value] of Object.entries(shared)) this.vars.set(key, value);
    const setup =
      this.t.setup === "none" || shared !== undefined
        ? []
        : handshakeSteps(this.t.side, eraOf(this.input.revision));
    return [
      ...setup.map((step, i) => ({ step, label: `setup ${i + 1}`, setup: true })),
      ...this.t.steps.map((step, i) => ({ step, label: `step ${i + 1}`, setup: false })),
    ];
  }

  async run(): Promise<RunOutcome> {
    const wire = this.input.wire;
    if (this.t.autoConnect !== false) {
      try {
        // The wire bounds its own connect by the step timeout; this outer bound is the safety net.
        await withTimeout(wire.connect(), this.stepTimeout(undefined) + 1000, "connect timed out");
      } catch (error) {
        return this.fail(
          { step: "run", action: "connect", reason: this.withGone((error as Error).message) },
          undefined,
        );
      }
    }
    const before = new Map(this.vars);
    const steps = this.steps();
    // A run none of whose own steps applied, for want of a variable (`when`), checked nothing.
    const skippedByWhen: string[] = [];
    let ranOwnStep = false;
    let checkedRequires = false;
    for (const item of steps) {
      if (!item.setup && !checkedRequires) {
        checkedRequires = true;
        this.rememberHandshake(before);
        const skip = this.checkRequires();
        if (skip !== undefined) return { status: "skipped", reason: skip };
      }
      if (!this.applies(item.step)) {
        if (!item.setup && item.step.when !== undefined) skippedByWhen.push(item.step.when);
        continue;
      }
      if (!item.setup) ranOwnStep = true;
      if (this.input.observer) this.input.observer.step = item.label;
      if (this.outOfTime || Date.now() >= this.deadline) {
        return this.fail(
          { step: item.label, action: describe(item.step), reason: this.runTimedOut() },
          item.step,
        );
      }
      try {
        await this.runStep(item.step);
      } catch (error) {
        const why = item.step.op === "expect" ? item.step.orNotApplicable : undefined;
        if (why !== undefined && error instanceof StepFailed && !wire.gone.settled && !this.outOfTime)
          return { status: "skipped", reason: `not applicable: ${why}` };
        const failure: Failure = {
          step: item.label,
          action: describe(item.step),
          reason: reasonOf(error, item.setup),
          requirements: [],
        };
        if (error instanceof StepFailed) Object.assign(failure, error.details);
        return this.fail(failure, item.step);
      }
    }
    if (!checkedRequires) {
      this.rememberHandshake(before);
      const skip = this.checkRequires();
      if (skip !== undefined) return { status: "skipped", reason: skip };
    }
    if (!ranOwnStep && skippedByWhen.length > 0)
      return {
        status: "skipped",
        reason: `not applicable: no step applies (when: ${skippedByWhen.join(", ")})`,
      };
    // A server that crashed right after its last answer still failed, unless a step expected it to go.
    const ends = new Set(["expectExit", "expectClose", "close", "connect"]);
    const expectsEnd = this.t.steps.some((s) => ends.has(s.op));
    if (this.t.side === "server" && wire.gone.settled && !expectsEnd) {
      await delay(0);
      return this.fail(
        {
          step: "run",
          action: "end of transcript",
          reason: `the server went away: ${wire.gone.value ?? ""}`,
        },
        undefined,
      );
    }
    return { status: "passed" };
  }

  /** Hands what the handshake captured to a wire that shares its process with later runs. */
  private rememberHandshake(before: ReadonlyMap<string, Json>): void {
    const wire = this.input.wire;
    if (!wire.rememberHandshake || wire.handshake !== undefined || this.t.setup === "none") return;
    const captured: Record<string, Json> = {};
    for (const [key, value] of this.vars) if (before.get(key) !== value) captured[key] = value;
    wire.rememberHandshake(captured);
  }

  private fail(
    failure: Omit<Failure, "requirements"> & { requirements?: string[] },
    step: Step | undefined,
  ): RunOutcome {
    const requirements = step?.requirement !== undefined ? [step.requirement] : [...this.t.requirements];
    return { status: "failed", failure: { ...failure, requirements, exchange: this.exchange() } };
  }

  /** The messages sent and received so far, interleaved in order (the last 40). */
  private exchange(): string[] {
    const lines: string[] = [];
    const received = this.input.wire.inbox.history;
    let r = 0;
    for (const sent of this.sent) {
      for (; r < received.length && (received[r] as InboxItem).seq <= sent.after; r++)
        lines.push(`<- ${(received[r] as InboxItem).text}`);
      lines.push(`-> ${sent.text}`);
    }
    for (; r < received.length; r++) lines.push(`<- ${(received[r] as InboxItem).text}`);
    return lines.slice(-40);
  }

  private runTimedOut(): string {
    return `the transcript did not finish within ${this.runTimeout} ms`;
  }

  private withGone(reason: string): string {
    const gone = this.input.wire.gone.value;
    return gone !== undefined && !reason.includes(gone) ? `${reason} (${gone})` : reason;
  }

  private checkRequires(): string | undefined {
    if (this.t.requires === undefined || this.t.side !== "server") return undefined;
    const pattern = substitute(this.t.requires, this.lookup, true);
    const result = match(pattern, this.vars.get("serverCapabilities"), { lookup: this.lookup });
    return result.ok || !result.mismatch
      ? undefined
      : `the server lacks a required capability: ${formatMismatch(result.mismatch)}`;
  }

  private applies(step: Step): boolean {
    if (step.revisions && !selectRevisions(step.revisions).includes(this.input.revision)) return false;
    if (step.transports && !step.transports.includes(this.input.transport)) return false;
    if (step.when !== undefined) {
      const negate = step.when.startsWith("!");
      const bound = this.vars.has(negate ? step.when.slice(1) : step.when);
      return negate ? !bound : bound;
    }
    return true;
  }

  /** A step's timeout, never beyond the run's deadline. */
  private stepTimeout(step: Step | undefined): number {
    const own = step?.timeoutMs ?? this.t.stepTimeoutMs ?? this.input.stepTimeoutMs;
    return Math.max(1, Math.min(own, this.deadline - Date.now()));
  }

  private async runStep(step: Step): Promise<void> {
    switch (step.op) {
      case "send":
        return this.send(step);
      case "expect":
        if (step.request !== undefined) return expectRequest(this.inboxContext(), step);
        return expectMessage(this.inboxContext(), step);
      case "expectNothing":
        if (step.request !== undefined) return expectNoRequest(this.inboxContext(), step);
        return expectNothing(this.inboxContext(), step);
      case "wait": {
        const left = Math.max(0, this.deadline - Date.now());
        if (step.ms >= left) this.outOfTime = true;
        await delay(Math.min(step.ms, left));
        return;
      }
      case "close":
        await this.input.wire.close(step.code, step.reason, step.stream);
        return;
      case "expectClose": {
        const info = await this.bounded(
          this.input.wire.closed(step.stream),
          step,
          "the implementation did not close",
        );
        this.checkValue(
          { code: step.code, reason: step.reason },
          { code: info.code ?? null, reason: info.reason ?? "" },
        );
        return;
      }
      case "expectExit": {
        const exit = this.input.wire.exited();
        if (!exit)
          throw new StepFailed(
            `expectExit needs a process, and the ${this.input.transport} transport has none`,
          );
        const info = await this.bounded(exit, step, "the process did not exit");
        this.checkValue({ code: step.code, signal: step.signal }, { code: info.code, signal: info.signal });
        return;
      }
      case "http":
        return this.http(step);
      case "connect":
        return this.connect(step);
    }
  }

  private async bounded<T>(promise: Promise<T>, step: Step, what: string): Promise<T> {
    const ms = this.stepTimeout(step);
    const cutByDeadline = ms >= this.deadline - Date.now();
    try {
      return await withTimeout(promise, ms, `${what} within ${ms} ms`);
    } catch (error) {
      if (error instanceof TimeoutError && (cutByDeadline || Date.now() >= this.deadline))
        throw new StepFailed(this.runTimedOut());
      throw new StepFailed((error as Error).message);
    }
  }

  /** Matches {field: pattern} (undefined patterns left out) against actual values. */
  private checkValue(patterns: Record<string, Json | undefined>, actual: JsonObject): void {
    const pattern: JsonObject = {};
    for (const [key, value] of Object.entries(patterns)) if (value !== undefined) pattern[key] = value;
    const result = match(substitute(pattern, this.lookup, true), actual, { lookup: this.lookup });
    if (!result.ok && result.mismatch) {
      throw new StepFailed(formatMismatch(result.mismatch), {
        expected: pattern,
        actual: applyMasks(actual, result.masks),
        mismatch: formatMismatch(result.mismatch),
      });
    }
    this.commit(result.captures);
  }

  private commit(captures: Map<string, Json>): void {
    for (const [key, value] of captures) this.vars.set(key, value);
  }

  private async send(step: SendStep): Promise<void> {
    const wire = this.input.wire;
    if (wire.gone.settled)
      throw new StepFailed(`cannot send: ${wire.gone.value ?? "the implementation is gone"}`);
    let message: Json | undefined;
    let text: string;
    if (step.raw !== undefined) text = String(substitute(step.raw, this.lookup));
    else if (step.message !== undefined) {
      message = substitute(step.message, this.lookup);
      if (step.envelope !== false) message = this.envelope(message);
      text = JSON.stringify(message);
    } else text = "";
    const http = step.http
      ? (substitute(step.http as unknown as Json, this.lookup) as unknown as SendStep["http"])
      : undefined;
    const out = { text, newline: step.newline !== false, binary: step.binary === true } as Parameters<
      Wire["send"]
    >[0];
    if (message !== undefined) out.message = message;
    if (http) out.http = http;
    if (step.to !== undefined) out.to = substitute(step.to, this.lookup);
    const wantResponse = http?.expect !== undefined;
    const ms = this.stepTimeout(step);
    let response: HttpResponseInfo | undefined;
    try {
      this.sent.push({ after: wire.inbox.lastSeq, text: out.text });
      response = await wire.send(out, wantResponse, ms);
    } catch (error) {
      throw new StepFailed(this.withGone((error as Error).message));
    }
    if (wantResponse && http?.expect) {
      if (!response)
        throw new StepFailed(`http.expect needs an HTTP transport (this run uses ${this.input.transport})`);
      await this.checkHttp(http.expect, response, step);
    }
  }

  /** Adds the stateless `_meta` envelope to a request the runner sends as a client (§7.1). */
  private envelope(message: Json): Json {
    if (this.t.side !== "server") return message;
    return stampEnvelope(message, this.input.revision, this.t.clientCapabilities ?? {});
  }

  private async checkHttp(expect: HttpExpect, response: HttpResponseInfo, step: Step): Promise<void> {
    const patterns: JsonObject = {};
    const actual: JsonObject = { status: response.status };
    if (expect.status !== undefined) patterns.status = expect.status;
    if (expect.headers !== undefined) {
      const headers: JsonObject = {};
      for (const [name, pattern] of Object.entries(expect.headers)) headers[name.toLowerCase()] = pattern;
      patterns.headers = headers;
      actual.headers = response.headers;
    }
    if (expect.body !== undefined) {
      patterns.body = expect.body;
      if (response.body !== undefined) actual.body = response.body;
    }
    if (expect.events !== undefined) {
      const feed = response.events;
      if (!feed)
        throw new StepFailed(
          `expected an SSE response, got ${response.headers["content-type"] ?? "no content type"}`,
        );
      const want = expect.events.length;
      const deadline = Date.now() + this.stepTimeout(step);
      while (feed.received.length < want && !feed.ended && Date.now() < deadline) {
        await Promise.race([feed.changed(), delay(deadline - Date.now())]);
      }
      patterns.events = expect.events;
      actual.events = feed.received.slice(0, want).map((event) => {
        const out: JsonObject = { data: event.data };
        if (event.id !== undefined) out.id = event.id;
        if (event.event !== undefined) out.event = event.event;
        if (event.retry !== undefined) out.retry = event.retry;
        return out;
      });
    }
    this.checkValue(patterns, actual);
  }

  private async http(step: HttpStep): Promise<void> {
    const wire = this.input.wire;
    if (!wire.http)
      throw new StepFailed(`http steps need an HTTP transport (this run uses ${this.input.transport})`);
    const request = step.request;
    let body: string | undefined;
    if (request.rawBody !== undefined) body = String(substitute(request.rawBody, this.lookup));
    else if (request.body !== undefined) body = JSON.stringify(substitute(request.body, this.lookup));
    const spec = substitute(request as unknown as Json, this.lookup) as unknown as HttpStep["request"];
    let response: HttpResponseInfo;
    try {
      response = await wire.http(spec, body, step.deliver !== false, step.as, this.stepTimeout(step));
    } catch (error) {
      throw new StepFailed(this.withGone((error as Error).message));
    }
    if (step.expect) await this.checkHttp(step.expect, response, step);
  }

  private async connect(step: ConnectStep): Promise<void> {
    let result: Awaited<ReturnType<Wire["connect"]>>;
    try {
      result = await withTimeout(
        this.input.wire.connect(step.ws ?? {}),
        this.stepTimeout(step),
        "connect timed out",
      );
    } catch (error) {
      throw new StepFailed((error as Error).message);
    }
    if (!step.expect) return;
    const actual: JsonObject = {};
    if (result?.status !== undefined) actual.status = result.status;
    if (result?.headers !== undefined) actual.headers = result.headers;
    if (result?.body !== undefined) actual.body = result.body;
    if (result?.protocol !== undefined) actual.protocol = result.protocol;
    const patterns: Record<string, Json | undefined> = { ...step.expect };
    if (step.expect.headers) {
      const headers: JsonObject = {};
      for (const [name, pattern] of Object.entries(step.expect.headers))
        headers[name.toLowerCase()] = pattern;
      patterns.headers = headers;
    }
    this.checkValue(patterns, actual);
  }
}

function describe(step: Step): string {
  return step.note ? `${step.op} (${step.note})` : step.op;
}

function reasonOf(error: unknown, setup: boolean): string {
  const message =
    error instanceof StepFailed || error instanceof UnknownVariableError || error instanceof Error
      ? error.message
      : String(error);
  return setup ? `setup: ${message}` : message;
}
