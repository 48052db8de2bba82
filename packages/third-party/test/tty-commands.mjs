// Runs an interactive example client that needs a terminal (it puts stdin in raw mode) under a
// pseudo-terminal from util-linux `script`, typing commands for it: `node tty-commands.mjs PROMPT
// COMMAND... -- SHELL_COMMAND`. Each time PROMPT appears at the start of a line of the client's
// output, the next COMMAND and a carriage return are typed; after the last one nothing more is
// typed. The child is killed after MCPKIT_TTY_TIMEOUT_MS (default 60 s) if it has not exited, or
// when this process is stopped. Exits with the child's exit code.
import { spawn } from "node:child_process";

const split = process.argv.indexOf("--");
const [linePrompt, ...commands] = process.argv.slice(2, split);
// At the start of a line only: help texts contain the prompt's characters too ("<name> [args]").
const prompt = `\n${linePrompt}`;
const shellCommand = process.argv.slice(split + 1).join(" ");
// -q quiet, -f flush each write, -e the child's exit code, -c the command; no typescript file.
const child = spawn("script", ["-qfec", shellCommand, "/dev/null"], { stdio: ["pipe", "pipe", "inherit"] });
const timeout = setTimeout(
  () => {
    process.stderr.write("tty-commands: the client did not exit in time; killing it\n");
    child.kill("SIGKILL");
  },
  Number(process.env.MCPKIT_TTY_TIMEOUT_MS ?? 60_000),
);
// Stopped itself (the runner's bound): the child goes too; closing its terminal hangs up the client.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => child.kill("SIGKILL"));
let next = 0;
// The output not yet searched for the prompt (bounded: a tail shorter than the prompt is kept).
let tail = "";
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  const parts = (tail + chunk.toString("utf8")).split(prompt);
  for (let n = 1; n < parts.length && next < commands.length; n++) {
    child.stdin.write(`${commands[next++]}\r`);
  }
  const rest = parts.at(-1) ?? "";
  tail = prompt.length > 1 ? rest.slice(-(prompt.length - 1)) : "";
});
child.on("exit", (code, signal) => {
  clearTimeout(timeout);
  process.exit(code ?? (signal ? 1 : 0));
});
