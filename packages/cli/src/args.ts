import { parseArgs } from "node:util";
import { UsageError } from "./errors.js";
import { splitCommandLine } from "./split.js";

/** Where the server is: a command to spawn, or a URL. */
export type Target =
  | { readonly kind: "stdio"; readonly command: string; readonly args: readonly string[] }
  | { readonly kind: "url"; readonly url: URL };

/** Forced transports. `http` is Streamable HTTP with the HTTP+SSE fallback. */
export const TRANSPORTS = ["stdio", "http", "streamable", "sse", "ws"] as const;
export type TransportKind = (typeof TRANSPORTS)[number];

/** Connection options every command that talks to a server takes. */
export interface ConnectionArgs {
  readonly target: Target;
  readonly transport?: TransportKind;
  readonly revision?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  readonly verbose: boolean;
}

type OptionSpec = Record<string, { type: "string" | "boolean"; multiple?: boolean; short?: string }>;

const CONNECTION_OPTIONS: OptionSpec = {
  transport: { type: "string" },
  revision: { type: "string" },
  header: { type: "string", multiple: true },
  timeout: { type: "string" },
  verbose: { type: "boolean", short: "v" },
};

/** What a command's arguments came to. */
export interface Parsed {
  readonly connection: ConnectionArgs;
  /** The positionals after the target. */
  readonly rest: readonly string[];
  readonly values: Readonly<Record<string, string | boolean | string[] | undefined>>;
}

const URL_SCHEME = /^(https?|wss?):\/\//i;

/**
 * Parses a server command's arguments: its own `options`, the connection options, and the target
 * (the command after `--`, else the first positional: a URL or a quoted command line).
 */
export function parseCommand(argv: readonly string[], options: OptionSpec = {}): Parsed {
  const dashDash = argv.indexOf("--");
  const own = dashDash === -1 ? argv : argv.slice(0, dashDash);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...own],
      options: { ...CONNECTION_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(shortParseError(error as Error));
  }
  const values = parsed.values as Parsed["values"];
  const positionals = [...parsed.positionals];
  let target: Target;
  if (dashDash !== -1) {
    const [command, ...args] = argv.slice(dashDash + 1);
    if (command === undefined) throw new UsageError("no server command after --");
    target = { kind: "stdio", command, args };
  } else {
    const first = positionals.shift();
    if (first === undefined) throw new UsageError("no TARGET: give a URL, a quoted command, or -- COMMAND");
    target = parseTarget(first);
  }
  return { connection: connectionArgs(values, target), rest: positionals, values };
}

/** A URL (http, https, ws, wss) or a command line. */
export function parseTarget(text: string): Target {
  if (URL_SCHEME.test(text)) {
    try {
      return { kind: "url", url: new URL(text) };
    } catch {
      throw new UsageError(`not a valid URL: ${text}`);
    }
  }
  const [command, ...args] = splitCommandLine(text);
  if (command === undefined) throw new UsageError("the server command is empty");
  return { kind: "stdio", command, args };
}

function connectionArgs(values: Parsed["values"], target: Target): ConnectionArgs {
  const transport = values.transport as string | undefined;
  if (transport !== undefined && !(TRANSPORTS as readonly string[]).includes(transport))
    throw new UsageError(`--transport: unknown transport "${transport}" (${TRANSPORTS.join(", ")})`);
  if (transport === "stdio" && target.kind === "url")
    throw new UsageError("--transport stdio needs a command, not a URL");
  if (transport !== undefined && transport !== "stdio" && target.kind === "stdio")
    throw new UsageError(`--transport ${transport} needs a URL, not a command`);
  const headers: Record<string, string> = {};
  for (const header of (values.header as string[] | undefined) ?? []) {
    const colon = header.indexOf(":");
    if (colon <= 0) throw new UsageError(`--header: expected "Name: value", got "${header}"`);
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  const timeout = values.timeout as string | undefined;
  let timeoutMs: number | undefined;
  if (timeout !== undefined) {
    timeoutMs = Number(timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new UsageError(`--timeout: expected milliseconds, got "${timeout}"`);
  }
  return {
    target,
    transport: transport as TransportKind | undefined,
    revision: values.revision as string | undefined,
    headers,
    timeoutMs,
    verbose: values.verbose === true,
  };
}

/** Node's parseArgs messages are long and mention `strict`: keep the first sentence. */
function shortParseError(error: Error): string {
  const unknown = /Unknown option '([^']+)'/.exec(error.message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(error.message);
  if (missing) return `${missing[1]?.replace(/^-\w, /, "")} needs a value`;
  return error.message.split(". ")[0] ?? error.message;
}

/** Splits `key=value` pairs (the key is everything before the first `=`). */
export function keyValues(pairs: readonly string[]): [string, string][] {
  return pairs.map((pair) => {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new UsageError(`expected key=value, got "${pair}"`);
    return [pair.slice(0, eq), pair.slice(eq + 1)];
  });
}
