import { COVERAGE_STATUSES, type CoverageStatus } from "../invariants/coverage.js";
import type { TransportName } from "../model/revisions.js";

/** Parsed command line. */
export interface CliArgs {
  command: "server" | "client" | "validate" | "requirements" | "help";
  transport: TransportName;
  target: string;
  transcripts: string[];
  requirementsDir?: string;
  revisions: string[];
  ids: string[];
  requirements: string[];
  expectedFailures?: string;
  skip?: string;
  json?: string;
  junit?: string;
  html?: string;
  stepTimeoutMs?: number;
  runTimeoutMs?: number;
  /** The implementation does authorization (`--auth`; implied by a token option in server mode). */
  auth?: boolean;
  authToken?: string;
  authTokenInsufficientScope?: string;
  /** The weakest level whose failures fail the exit code (`--fail-on`; default MUST). */
  failOn: "MUST" | "SHOULD" | "best practice";
  /** `--fixtures none`: generic mode (no transcript that names a fixture runs). */
  fixtures?: "auto" | "none";
  /** `--timing`: print how long the runs took (stderr). */
  timing?: boolean;
  /** Runs at once (`--jobs`); default: twice the number of cores. */
  jobs?: number;
  /** `--no-reuse`: every stdio run starts its own server process. */
  noReuse?: boolean;
  /** `--no-invariants`: check only the transcripts' own expectations (no invariant layer, no observe pass). */
  noInvariants?: boolean;
  /** `requirements --coverage`: print how the manifest's requirements are checked. */
  coverage?: boolean;
  /** `requirements --list STATUS`: print the ids with that coverage status. */
  list?: CoverageStatus;
  /** `client --observe`: judge a client doing its own thing through a relay to `upstream`. */
  observe?: boolean;
  /** `--upstream URL`: the real server an observed client talks to. */
  upstream?: string;
}

/** A command line that cannot be understood. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export const USAGE = `Usage:
  mcpkit-conformance server --stdio "COMMAND" [options]
  mcpkit-conformance server --url URL [--transport http|sse|ws] [options]
  mcpkit-conformance client --command "COMMAND" [--transport stdio|http|ws] [options]
  mcpkit-conformance client --observe --command "COMMAND" --upstream URL [options]
  mcpkit-conformance validate [--transcripts PATH]...
  mcpkit-conformance requirements --coverage [--list STATUS] [--transcripts PATH] [--requirements DIR]

Options:
  --transcripts PATH        transcript file or directory (repeatable; default: conformance/transcripts
                            found from the current directory upwards)
  --requirements DIR        requirements manifest directory (default: conformance/requirements beside
                            the transcripts)
  --revision R              only these revisions: 2025-06-18, >=2025-06-18, session, stateless (repeatable)
  --id ID                   only these transcripts; * is a wildcard (repeatable)
  --requirement ID          only transcripts citing these requirement ids; * is a wildcard (repeatable)
  --expected-failures FILE  runs known to fail (docs/conformance-format.md §11)
  --skip FILE               runs that do not apply, each with a reason; reported as skipped (§11.1)
  --json FILE               write the JSON report
  --junit FILE              write a JUnit XML report
  --html FILE               write a single-file HTML report (requirement matrix, failures with
                            their exchange), readable offline
  --fixtures auto|none      server: auto (default) runs a transcript only when the server lists the
                            tools, prompts and resources it names; none: generic mode for a server
                            built without the mcpkit fixtures (those transcripts are not applicable)
  --jobs N                  runs executed at once (default: twice the number of cores: runs mostly
                            wait on the implementation); results are reported in the same order
                            whatever N
  --timing                  print the wall-clock time of the runs (and --jobs), the slowest runs
                            and how many stdio runs shared a process, on stderr
  --no-reuse                server over stdio: every run starts its own server process (by default
                            runs that leave no state behind share processes, checked as they end)
  --no-invariants           check only the transcripts' own expectations: no rule on every message,
                            no observe pass
  --fail-on LEVEL           must (default): only failures of MUST rules fail the exit code; should:
                            SHOULD failures too; best-practice: every failure
  --observe                 client: no scenario; the client does its own thing against the real server
                            at --upstream (Streamable HTTP) through a relay that judges every message
                            and HTTP request it sends. {url} in COMMAND is replaced by the relay's URL
                            (else the URL is appended); --timeout bounds the client's run (default 60000)
  --upstream URL            the server an observed client talks to
  --step-timeout MS         default timeout of each step (default 5000)
  --timeout MS              default timeout of each transcript run (default 30000)

Requirements (docs/conformance-format.md §9.2):
  --coverage                per area and level, how many requirements are checked on all traffic
                            (observable), only by transcripts, by nothing (not observable),
                            untestable, unclassified; exit code 1 when any is unclassified
  --list STATUS             instead, the ids of one status (observable, transcripts, unchecked,
                            untestable, unclassified), one a line

Authorization (optional in MCP: without one of these options the auth transcripts are left out):
  --auth                    the implementation does authorization. Server: it requires a token; run the
                            server/auth checks that need none (401 challenge, protected-resource
                            metadata). Client: run the client/auth transcripts (OAuth flow, over http)
  --auth-token TOKEN        a valid access token; sent as "Authorization: Bearer TOKEN" on every
                            HTTP request (implies --auth)
  --auth-token-insufficient-scope TOKEN
                            a valid access token lacking a scope the server requires (implies --auth)
  With --auth, a server transcript needing a token you did not give is skipped as "not applicable".

Failures are counted by the level of the rule they break ("failed by level: N MUST, N SHOULD,
N best practice", printed before the last line when anything failed).
The last line printed is "conformance: N passed, N failed[, N skipped]".
Exit code: 0 when no failure at or above --fail-on, 1 otherwise, 2 on a usage or transcript error.`;

const VALUE_OPTIONS = new Set([
  "--stdio",
  "--url",
  "--command",
  "--transport",
  "--transcripts",
  "--requirements",
  "--revision",
  "--id",
  "--requirement",
  "--expected-failures",
  "--skip",
  "--json",
  "--junit",
  "--html",
  "--step-timeout",
  "--timeout",
  "--fail-on",
  "--jobs",
  "--fixtures",
  "--auth-token",
  "--auth-token-insufficient-scope",
  "--list",
  "--upstream",
]);

/** Options that take no value. */
const FLAG_OPTIONS = new Set([
  "--auth",
  "--timing",
  "--no-reuse",
  "--no-invariants",
  "--coverage",
  "--observe",
]);

function positiveInt(option: string, value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${option} needs a positive number of ms`);
  return Number(value);
}

/**
 * Parses the arguments after the program name.
 * @example
 * parseArgs(["server", "--stdio", "node server.js", "--revision", "2025-06-18"]);
 */
export function parseArgs(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    return {
      command: "help",
      transport: "stdio",
      target: "",
      transcripts: [],
      revisions: [],
      ids: [],
      requirements: [],
      failOn: "MUST",
    };
  }
  if (command !== "server" && command !== "client" && command !== "validate" && command !== "requirements") {
    throw new UsageError(`unknown command "${command}" (expected server, client, validate or requirements)`);
  }
  const values = new Map<string, string[]>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    if (name === "--help" || name === "-h") return parseArgs(["help"]);
    if (FLAG_OPTIONS.has(arg)) {
      values.set(arg, [...(values.get(arg) ?? []), "true"]);
      continue;
    }
    if (!VALUE_OPTIONS.has(name)) throw new UsageError(`unknown option "${arg}"`);
    let value: string | undefined;
    if (eq > 0 && arg.startsWith("--")) value = arg.slice(eq + 1);
    else value = rest[++i];
    if (value === undefined) throw new UsageError(`${name} needs a value`);
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const one = (name: string): string | undefined => {
    const list = values.get(name);
    if (list && list.length > 1) throw new UsageError(`${name} given more than once`);
    return list?.[0];
  };
  const many = (name: string) =>
    (values.get(name) ?? []).flatMap((v) => v.split(",")).filter((v) => v !== "");
  const args: CliArgs = {
    command,
    transport: "stdio",
    target: "",
    transcripts: values.get("--transcripts") ?? [],
    revisions: many("--revision"),
    ids: many("--id"),
    requirements: many("--requirement"),
    failOn: "MUST",
  };
  const fixtures = one("--fixtures");
  if (fixtures !== undefined) {
    if (fixtures !== "auto" && fixtures !== "none") throw new UsageError("--fixtures is auto or none");
    args.fixtures = fixtures;
  }
  const jobs = one("--jobs");
  if (jobs !== undefined) {
    if (!/^\d+$/.test(jobs) || Number(jobs) < 1) throw new UsageError("--jobs needs a positive number");
    args.jobs = Number(jobs);
  }
  const failOn = one("--fail-on");
  if (failOn !== undefined) {
    const levels = { must: "MUST", should: "SHOULD", "best-practice": "best practice" } as const;
    const level = levels[failOn.toLowerCase() as keyof typeof levels];
    if (level === undefined) throw new UsageError("--fail-on is must, should or best-practice");
    args.failOn = level;
  }
  const optional: [keyof CliArgs, string][] = [
    ["requirementsDir", "--requirements"],
    ["expectedFailures", "--expected-failures"],
    ["skip", "--skip"],
    ["json", "--json"],
    ["junit", "--junit"],
    ["html", "--html"],
    ["authToken", "--auth-token"],
    ["authTokenInsufficientScope", "--auth-token-insufficient-scope"],
  ];
  for (const [key, option] of optional) {
    const value = one(option);
    if (value !== undefined) (args as unknown as Record<string, string>)[key] = value;
  }
  const step = one("--step-timeout");
  if (step !== undefined) args.stepTimeoutMs = positiveInt("--step-timeout", step);
  const run = one("--timeout");
  if (run !== undefined) args.runTimeoutMs = positiveInt("--timeout", run);
  const transport = one("--transport");
  if (values.has("--auth")) args.auth = true;
  if (values.has("--timing")) args.timing = true;
  if (values.has("--no-reuse")) args.noReuse = true;
  if (values.has("--no-invariants")) args.noInvariants = true;
  if (values.has("--coverage")) args.coverage = true;
  const list = one("--list");
  if (list !== undefined) {
    if (!COVERAGE_STATUSES.includes(list as CoverageStatus))
      throw new UsageError(`--list is one of ${COVERAGE_STATUSES.join(", ")}`);
    args.list = list as CoverageStatus;
  }
  if ((args.coverage || list !== undefined) !== (command === "requirements"))
    throw new UsageError(
      command === "requirements"
        ? "requirements needs --coverage or --list STATUS"
        : "--coverage and --list belong to the requirements command",
    );
  const tokenOptions = ["--auth-token", "--auth-token-insufficient-scope"].filter((o) => values.has(o));
  if (command !== "server" && tokenOptions.length > 0)
    throw new UsageError(`${tokenOptions[0]} applies to server mode only`);
  if (command === "server") {
    const stdio = one("--stdio");
    const url = one("--url");
    if ((stdio === undefined) === (url === undefined))
      throw new UsageError("server needs exactly one of --stdio or --url");
    if (stdio !== undefined) {
      if (transport !== undefined && transport !== "stdio")
        throw new UsageError("--stdio runs over stdio; drop --transport");
      args.target = stdio;
    } else {
      const target = url as string;
      const isWs = /^wss?:\/\//i.test(target);
      if (!isWs && !/^https?:\/\//i.test(target))
        throw new UsageError(`--url must be http(s):// or ws(s)://, got "${target}"`);
      const chosen = transport ?? (isWs ? "ws" : "http");
      if (chosen !== "http" && chosen !== "sse" && chosen !== "ws")
        throw new UsageError(`--transport for --url is http, sse or ws`);
      if ((chosen === "ws") !== isWs)
        throw new UsageError(`--transport ${chosen} does not fit the URL ${target}`);
      args.transport = chosen;
      args.target = target;
    }
  } else if (command === "client") {
    const cmd = one("--command");
    if (cmd === undefined) throw new UsageError("client needs --command");
    const chosen = transport ?? "http";
    if (chosen !== "stdio" && chosen !== "http" && chosen !== "ws") {
      throw new UsageError("client --transport is stdio, http or ws");
    }
    args.transport = chosen;
    args.target = cmd;
    const upstream = one("--upstream");
    if (values.has("--observe")) {
      if (upstream === undefined) throw new UsageError("client --observe needs --upstream URL");
      if (!/^https?:\/\//i.test(upstream))
        throw new UsageError(`--upstream must be http(s):// (a Streamable HTTP endpoint), got "${upstream}"`);
      if (chosen !== "http") throw new UsageError("client --observe works over http only");
      args.observe = true;
      args.upstream = upstream;
    } else if (upstream !== undefined) throw new UsageError("--upstream needs client --observe");
  } else if (values.has("--observe") || values.has("--upstream")) {
    throw new UsageError("--observe and --upstream apply to client mode only");
  }
  return args;
}
