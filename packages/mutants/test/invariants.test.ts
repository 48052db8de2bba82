import { afterAll, describe, expect, it } from "vitest";
import type { ServerMutant, TranscriptSubset } from "../src/mutant.js";
import { clientMutants } from "../src/client-mutants/index.js";
import { inputAndTaskAlso, inputAndTaskBreaks } from "../src/invariant-mutants/input-and-task-mutants.js";
import { invariantMutants } from "../src/invariant-mutants/index.js";
import { serverMutants } from "../src/server-mutants/index.js";
import {
  MUTANT_CLIENT,
  MUTANT_SERVER,
  type Outcome,
  REFERENCE_CLIENT,
  REFERENCE_SERVER,
  runClient,
  runServer,
} from "./harness.js";

/**
 * The runner's invariant layer (rules checked on every message, plus the observe pass) against
 * mutants: each must be caught by an `invariant/REQUIREMENT@REVISION` result naming the rule its
 * defect breaks, while the unmutated reference shows no invariant result on the same runs.
 */

/** The requirement each invariant mutant breaks. */
const BREAKS: Record<string, string> = {
  "duplicate-tool-names": "tools.name.format",
  "invalid-input-schema": "base.json-schema.schemas-valid",
  "structured-content-mismatch": "tools.output.conform",
  "text-without-text": "tools.call.result",
  "next-cursor-loops": "pagination.stable-cursors",
  "progress-repeats": "progress.increasing",
  "list-changed-undeclared": "lifecycle.operation.respect-capabilities-must",
  "no-cache-hints": "caching.fields-present",
  "no-result-type": "base.result.result-type",
  "invalid-log-level": "logging.level-values",
  "read-contents-without-uri": "resources.read.result",
  "too-many-completions": "completion.max-values",
  "prompt-message-bad-role": "prompts.get.result",
  "no-accel-buffering": "http2026.sse.no-buffering-header",
  "nested-elicitation-schema": "elicitation.schema.restricted",
  "task-revives": "tasks.status.terminal-final",
  "task-result-dropped": "tasks-extension.get.status-fields",
  "listen-unfiltered": "subscriptions.filter",
  "listen-before-ack": "subscriptions.ack-first",
  "response-post-200": "http.post.accepted-202",
  "json-as-text-json": "http.post.request-content-type",
  "notification-with-id": "base.notification.no-id",
  "blob-truncated": "resources.security.binary-encoding",
  "modern-server-request": "stdio.modern.no-server-requests",
  "x-mcp-header-on-number": "tools.x-mcp-header.valid-annotations",
  "ws-batch-of-one": "ws.one-message-per-frame",
  "response-echoed-on-get": "http.get.no-responses",
  "no-priming-event": "http.polling.priming-event",
  "stdout-latin1": "base.jsonrpc.utf8",
  "sse-notification-events": "sse.message-events",
  ...inputAndTaskBreaks,
};

/**
 * Older mutants of the classes the invariants target: the layer catches them too (the opening
 * exchange is observed like any run). Not listed: progress-backwards, whose first notification
 * already fails server/tools/progress, which then stops before a second one can arrive.
 */
const ALSO: Record<string, string> = {
  "result-and-error": "base.response.not-both",
  "string-id-for-number": "base.response.same-id",
  "wrong-response-id": "base.response.same-id",
  "answers-notifications": "base.notification.no-response",
  "missing-jsonrpc": "base.jsonrpc.version",
  "wrong-jsonrpc-version": "base.jsonrpc.version",
  "error-without-message": "base.error.code-and-message",
  "string-error-code": "base.error.integer-code",
  "ping-with-payload": "ping.respond",
  "invalid-tool-name": "tools.name.format",
  "tool-without-input-schema": "tools.input-schema.object",
  "image-without-mime-type": "tools.call.result",
  "structured-content-dropped": "tools.output.conform",
  "progress-after-response": "progress.stop-after-completion",
  "unsolicited-progress": "progress.active-only",
  "stdout-banner": "stdio.stdout-mcp-only",
  "samples-undeclared": "lifecycle.operation.respect-capabilities-must",
  "elicits-undeclared": "lifecycle.operation.respect-capabilities-must",
  "missing-server-info": "lifecycle.init.response-fields",
  "session-id-with-space": "http.session.id-charset",
  "notification-200": "http.post.accepted-202",
  "wrong-content-type": "http.post.request-content-type",
  "requests-before-initialized": "lifecycle.init.server-waits",
  "log-level-ignored": "logging.respect-level",
  "raw-newline-in-message": "stdio.newline-delimited",
  ...inputAndTaskAlso,
};

/** Client mutants whose defect breaks a rule the layer checks on the client's messages. */
const CLIENT: Record<string, string> = {
  "answer-wrong-id": "base.response.same-id",
  "client-missing-jsonrpc": "base.jsonrpc.version",
  "reuses-request-id": "base.request.id-unique",
  "skips-initialized": "lifecycle.init.initialized-notification",
  "initialize-without-client-version": "lifecycle.init.request-fields",
  "stdin-banner": "stdio.stdin-mcp-only",
  "initialized-late": "lifecycle.init.initialized-notification",
  "drops-related-task-meta": "tasks.requestor.related-meta-responses",
  "ignores-task-support": "tasks.requestor.tool-forbidden",
};

const caughtBy = new Map<string, readonly string[]>();
const baselines = new Map<string, Promise<Outcome>>();

/** The mutant's own subset and the observe pass. */
function withObserve(subset: TranscriptSubset): TranscriptSubset {
  return { ...subset, ids: [...subset.ids, "invariants/observe"] };
}

function baseline(subset: TranscriptSubset): Promise<Outcome> {
  const key = JSON.stringify(subset);
  let outcome = baselines.get(key);
  if (outcome === undefined) {
    outcome = runServer(REFERENCE_SERVER, [], subset);
    baselines.set(key, outcome);
  }
  return outcome;
}

function byName(name: string): ServerMutant {
  const found = serverMutants.find((m) => m.name === name);
  if (found === undefined) throw new Error(`no mutant ${name}`);
  return found;
}

async function expectCaught(m: ServerMutant, requirement: string): Promise<void> {
  const subset = withObserve(m.subset);
  const reference = await baseline(subset);
  expect(reference.failed, reference.output).toEqual([]);
  const mutant = await runServer(MUTANT_SERVER, [m.name], subset);
  const invariants = mutant.failed.filter((key) => key.startsWith("invariant/"));
  caughtBy.set(m.name, invariants);
  const wanted = invariants.filter((key) => key.startsWith(`invariant/${requirement}@`));
  expect(wanted.length, `${m.name} not caught as ${requirement}:\n${mutant.output}`).toBeGreaterThan(0);
  expect(mutant.exitCode).toBe(1);
}

describe("the invariant mutants", () => {
  it("are all in the catalogue, each with the rule it breaks", () => {
    expect(invariantMutants.map((m) => m.name).sort()).toEqual(Object.keys(BREAKS).sort());
    for (const m of invariantMutants) expect(serverMutants).toContain(m);
  });
});

describe.concurrent("the invariant layer catches each invariant mutant", () => {
  for (const m of invariantMutants) {
    it(`${m.name}: ${BREAKS[m.name]}`, () => expectCaught(m, BREAKS[m.name] as string));
  }
});

describe.concurrent("the invariant layer catches older mutants of the same classes", () => {
  for (const [name, requirement] of Object.entries(ALSO)) {
    it(`${name}: ${requirement}`, () => expectCaught(byName(name), requirement));
  }
});

describe.concurrent("the invariant layer catches client mutants breaking JSON-RPC rules", () => {
  for (const [name, requirement] of Object.entries(CLIENT)) {
    it(`${name}: ${requirement}`, async () => {
      const m = clientMutants.find((c) => c.name === name);
      if (m === undefined) throw new Error(`no client mutant ${name}`);
      const reference = await runClient(REFERENCE_CLIENT, [], m.subset);
      expect(reference.failed, reference.output).toEqual([]);
      const mutant = await runClient(MUTANT_CLIENT, [m.name], m.subset);
      const invariants = mutant.failed.filter((key) => key.startsWith("invariant/"));
      caughtBy.set(name, invariants);
      const wanted = invariants.filter((key) => key.startsWith(`invariant/${requirement}@`));
      expect(wanted.length, `${name} not caught as ${requirement}:\n${mutant.output}`).toBeGreaterThan(0);
    });
  }
});

afterAll(() => {
  const lines = [...caughtBy].map(
    ([name, keys]) => `  ${name}: ${keys.length > 0 ? keys.join(", ") : "not caught"}`,
  );
  console.log(`caught by invariants:\n${lines.join("\n")}`);
});
