import type { Requirement } from "../load/requirements.js";
import { Invariants } from "../invariants/observer.js";
import type { RunResult } from "../model/result.js";
import type { Revision } from "../model/revisions.js";
import type { Report } from "../report/report.js";
import { applyExpectedFailures } from "../report/expected-failures.js";
import { summarize } from "../run/runner.js";
import { delay } from "../run/time.js";
import { shellQuote } from "../wire/client/client-wire.js";
import { ChildHandle, describeExit } from "../wire/process.js";
import { ClientSessions } from "./client-sessions.js";
import { HttpRelay } from "./http-relay.js";

/** Options of {@link observeClient}. */
export interface ObserveClientOptions {
  /**
   * The client's command (run by `sh -c`). `{url}` in it is replaced by the relay's URL; without
   * `{url}` the URL is appended as the last argument.
   */
  command: string;
  /** The real server the client talks to through the relay (Streamable HTTP endpoint). */
  upstream: string;
  /** The manifest, for levels, revisions and requirement texts. */
  requirements?: ReadonlyMap<string, Requirement>;
  /** How long the client may run before it is stopped (default 60 s). */
  timeoutMs?: number;
  /** The revision assumed for traffic that names none (default 2025-11-25). */
  fallbackRevision?: Revision;
  /** Expected-failures entries (`invariant/REQUIREMENT@REVISION`, `observe/client`). */
  expectedFailures?: readonly string[];
  /** Extra environment for the client. */
  env?: Record<string, string>;
}

/** The result that says how the client's own run went: it spoke MCP and exited by itself with 0. */
export const OBSERVE_CLIENT_ID = "observe/client";

/**
 * Client observe mode: runs a client doing its own thing (no scenario) against a real server
 * through a relay (`src/observe/http-relay.ts`), and judges everything the client sends by the client-side
 * invariants: the JSON-RPC envelope, the opening exchange, unique ids, answers to the server's
 * requests, and the Streamable HTTP rules a client is bound by. The report holds one
 * `observe/client` result (did the client run and exit 0) and one `invariant/REQUIREMENT@REVISION`
 * result per broken rule.
 * @example
 * import { formatTable, observeClient } from "@mcpkit/conformance";
 * const report = await observeClient({ command: "node my-client.js", upstream: "http://127.0.0.1:3000/mcp" });
 * console.log(formatTable(report), report.summary.failed);
 */
export async function observeClient(options: ObserveClientOptions): Promise<Report> {
  const invariants = new Invariants(options.requirements);
  const sessions = new ClientSessions(invariants, options.fallbackRevision ?? "2025-11-25");
  const relay = new HttpRelay(new URL(options.upstream), sessions);
  const url = await relay.listen();
  const command = options.command.includes("{url}")
    ? options.command.replaceAll("{url}", shellQuote(url))
    : `${options.command} ${shellQuote(url)}`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const started = performance.now();
  const handle = new ChildHandle(command, [], {
    ...process.env,
    MCP_CONFORMANCE_TRANSPORT: "http",
    MCP_CONFORMANCE_SERVER_URL: url,
    ...options.env,
  });
  handle.child.stdout.resume();
  let timedOut = false;
  const exit = await Promise.race([
    handle.exit.promise,
    delay(timeoutMs).then(() => {
      timedOut = true;
      return undefined;
    }),
  ]);
  await handle.stop(1000);
  await relay.close();
  sessions.finish(!timedOut && exit !== undefined);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const tail = handle.stderrTail();
  let reason: string | undefined;
  if (timedOut || exit === undefined)
    reason = `the client was still running after ${timeoutMs} ms and was stopped`;
  else if (exit.code !== 0) reason = `the client ${describeExit(exit)}${tail ? `; stderr: ${tail}` : ""}`;
  else if (sessions.messages === 0) reason = "the client exited without sending one MCP message to the relay";
  const own: RunResult = {
    key: OBSERVE_CLIENT_ID,
    transcript: OBSERVE_CLIENT_ID,
    title: `the client ran against ${options.upstream} (${sessions.messages} messages, ${seconds} s)`,
    file: "(observe)",
    revision: options.fallbackRevision ?? "2025-11-25",
    transport: "http",
    status: reason === undefined ? "passed" : "failed",
    verdict: reason === undefined ? "passed" : "failed",
    requirements: [],
  };
  if (reason !== undefined)
    own.failure = { step: "run", action: "run the client to its end", reason, requirements: [] };
  const results = [own, ...invariants.results("http")];
  applyExpectedFailures(results, options.expectedFailures ?? []);
  const report: Report = {
    format: "mcpkit-conformance-report/1",
    mode: "client",
    transport: "http",
    target: options.command,
    summary: summarize(results, options.requirements),
    results,
    requirements: {},
  };
  for (const result of results)
    for (const id of result.failure?.requirements ?? [])
      report.requirements[id] = options.requirements?.get(id) ?? { id };
  return report;
}
