/**
 * The README's main job: our conformance suite against the reference server (stdio) and the
 * reference client (stdio), each report printed as it runs, then one combined summary line.
 * Exit code 1 when either run has an unexpected failure.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = "packages/conformance/dist/cli.js";
const runs = [
  {
    title: "the reference server over stdio",
    args: ["server", "--stdio", `"${process.execPath}" packages/reference/dist/everything-server.js`],
  },
  {
    title: "the reference client over stdio",
    args: [
      "client",
      "--transport",
      "stdio",
      "--command",
      `"${process.execPath}" packages/reference/dist/conformance-client.js`,
    ],
  },
];

/** Runs the CLI, echoing its output, and resolves to its exit code and last line. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let tail = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString("utf8")).slice(-4096);
    });
    child.on("close", (code) => {
      const lines = tail.trimEnd().split("\n");
      resolve({ code: code ?? 1, last: lines[lines.length - 1] ?? "" });
    });
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;
for (const { title, args } of runs) {
  console.log(`\n=== mcpkit conformance: ${title} ===\n`);
  const { code, last } = await run(args);
  const counts = /^conformance: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/.exec(last);
  if (!counts) {
    console.error(`the runner ended without its summary line (exit code ${code})`);
    exit = 1;
    continue;
  }
  passed += Number(counts[1]);
  failed += Number(counts[2]);
  skipped += Number(counts[3] ?? 0);
  if (code !== 0) exit = 1;
}
console.log(`\nconformance: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exit(exit);
