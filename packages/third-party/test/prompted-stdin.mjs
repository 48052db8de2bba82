// Runs an interactive example client with answers typed for it: `node prompted-stdin.mjs
// "PROMPT=ANSWER"... -- COMMAND ARGS...`. Each time PROMPT appears (again) on the child's stdout,
// ANSWER and a newline go to its stdin; readline drops lines that arrive before its question, so
// piping them in up front would not do. Exits with the child's exit code.
import { spawn } from "node:child_process";

const split = process.argv.indexOf("--");
const answers = process.argv
  .slice(2, split)
  .map((pair) => [pair.slice(0, pair.lastIndexOf("=")), pair.slice(pair.lastIndexOf("=") + 1)]);
const [command, ...args] = process.argv.slice(split + 1);
const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
// Per prompt, the output not yet searched (bounded: only a tail shorter than the prompt is kept).
const tails = answers.map(() => "");
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  const text = chunk.toString("utf8");
  answers.forEach(([prompt, answer], i) => {
    const parts = (tails[i] + text).split(prompt);
    for (let n = 1; n < parts.length; n++) child.stdin.write(`${answer}\n`);
    const rest = parts.at(-1) ?? "";
    tails[i] = prompt.length > 1 ? rest.slice(-(prompt.length - 1)) : "";
  });
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
