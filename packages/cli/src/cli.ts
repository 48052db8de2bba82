/**
 * The `mcpkit` entry point. Only this file, the help texts and the argument splitter load before a
 * command is chosen: a command's module (and the SDK it needs) is imported when it runs, so
 * `mcpkit --help` stays fast.
 */
import { COMMANDS, type CommandName, commandHelp, MAIN_HELP } from "./help.js";
import { CliError } from "./errors.js";
import { type Io, processIo } from "./io.js";
import { version } from "./version.js";

type Run = (argv: readonly string[], io: Io) => Promise<number>;

const loaders: Record<CommandName, () => Promise<{ run: Run }>> = {
  inspect: () => import("./commands/inspect.js"),
  call: () => import("./commands/call.js"),
  read: () => import("./commands/read.js"),
  prompt: () => import("./commands/prompt.js"),
  complete: () => import("./commands/complete.js"),
  ping: () => import("./commands/ping.js"),
  listen: () => import("./commands/listen.js"),
  login: () => import("./commands/login.js"),
  logout: () => import("./commands/logout.js"),
  bridge: () => import("./commands/bridge.js"),
  serve: () => import("./commands/serve.js"),
  conformance: () => import("./commands/conformance.js"),
  completion: () => import("./commands/completion.js"),
};

function isCommand(name: string): name is CommandName {
  return (COMMANDS as readonly string[]).includes(name);
}

/** Runs `mcpkit ARGV`; answers the exit code. Errors are reported here, as one line unless `--verbose`. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === "--help" || first === "-h" || first === "help") {
    const topic = first === "help" ? rest[0] : undefined;
    if (topic !== undefined && isCommand(topic)) io.out(commandHelp(topic));
    else io.out(MAIN_HELP);
    return first === undefined ? 2 : 0;
  }
  if (first === "--version" || first === "-V") {
    io.out(`${version()}\n`);
    return 0;
  }
  if (!isCommand(first)) {
    io.err(`mcpkit: unknown command "${first}" (see mcpkit --help)\n`);
    return 2;
  }
  // The runner has its own options and help: everything goes to it.
  if (first === "conformance") return loaders.conformance().then((command) => command.run(rest, io));
  // Help for a command: before its module loads, and before a `--` that starts a server command.
  const dashDash = rest.indexOf("--");
  const own = dashDash === -1 ? rest : rest.slice(0, dashDash);
  if (own.includes("--help") || own.includes("-h")) {
    io.out(commandHelp(first));
    return 0;
  }
  const verbose = own.includes("--verbose") || own.includes("-v");
  try {
    const command = await loaders[first]();
    return await command.run(rest, io);
  } catch (error) {
    return report(error, verbose, io, first);
  }
}

function report(error: unknown, verbose: boolean, io: Io, command: CommandName): number {
  if (verbose) {
    // The error and its causes, each with its stack (bounded: causes can loop).
    let current: unknown = error;
    for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
      io.err(`${depth > 0 ? "caused by: " : ""}${current.stack ?? current.message}\n`);
      current = current.cause;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  const hint = error instanceof CliError && error.exitCode === 2 ? ` (see mcpkit ${command} --help)` : "";
  io.err(`mcpkit: ${message}${hint}\n`);
  return error instanceof CliError ? error.exitCode : 1;
}

const code = await main(process.argv.slice(2), processIo());
process.exitCode = code;
