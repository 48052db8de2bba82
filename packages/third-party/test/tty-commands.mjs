// Runs an interactive example client that needs a terminal (it puts stdin in raw mode) under a
// pseudo-terminal from util-linux `script`, typing commands for it: `node tty-commands.mjs PROMPT
// COMMAND... -- SHELL_COMMAND`. Each time PROMPT appears at the start of a line of the client's
// output, the next COMMAND and a carriage return are typed; after the last one nothing more is
// typed. The child is killed after MCPKIT_TTY_TIMEOUT_MS (default 60 s) if it has not exited, or
// when this process is stopped. Exits with the child's exit code. With MCPKIT_TTY_BROWSE=MARKER,
// a URL printed on the line after MARKER is visited as a browser would (redirects followed, no
// page interaction), with connections to localhost ports sent where MCPKIT_REDIRECT says
// (FROM_PORT=URL,...): the OAuth authorization the example asks the user to open.
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
const redirects = new Map();
for (const pair of (process.env.MCPKIT_REDIRECT ?? "").split(",")) {
  const redirect = /^(\d+)=https?:\/\/[^/:]+:(\d+)/.exec(pair);
  if (redirect) redirects.set(redirect[1], redirect[2]);
}
// The page a redirect leads to may not listen yet (the client starts its callback server after
// printing the URL): a refused connection is tried again, a bounded number of times.
async function fetchListening(target) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(target, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      if (attempt >= 50 || error?.cause?.code !== "ECONNREFUSED") throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}
async function browse(start) {
  let url = new URL(start);
  for (let hop = 0; hop < 5; hop++) {
    const target = new URL(url);
    if (target.hostname === "localhost") target.hostname = "127.0.0.1";
    if (redirects.has(target.port)) target.port = redirects.get(target.port);
    const response = await fetchListening(target);
    await response.arrayBuffer();
    const location = response.headers.get("location");
    if (location === null) return;
    url = new URL(location, url);
  }
}
const marker = process.env.MCPKIT_TTY_BROWSE;
let output = "";
let next = 0;
// The output not yet searched for the prompt (bounded: a tail shorter than the prompt is kept).
let tail = "";
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (marker !== undefined) {
    // Bounded: only the text after the last marker seen is kept.
    output = (output + chunk.toString("utf8")).slice(-4096);
    const found = new RegExp(`${marker}\\s*\\r?\\n\\s*(\\S+)\\s`).exec(output);
    if (found) {
      output = output.slice(found.index + found[0].length);
      browse(found[1]).catch((error) => process.stderr.write(`tty-commands: browsing failed: ${error}\n`));
    }
  }
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
