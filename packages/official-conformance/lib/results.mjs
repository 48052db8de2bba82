/**
 * Reads the official CLI's result directories (`-o DIR`) into one record per scenario. The CLI
 * writes `DIR/[server-]<scenario>-<ISO time with - for : and .>/checks.json`; scenario names with
 * `/` (auth/...) become nested folders. Like the CLI's baseline logic, a scenario fails when any
 * check is a FAILURE or a WARNING; SKIPPED checks are listed apart.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

const TIMESTAMP = /-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export function readScenarioResults(outDir, kind) {
  const results = [];
  for (const file of findChecksFiles(outDir)) {
    const folder = relative(outDir, file).split(sep).slice(0, -1).join("/");
    let scenario = folder.replace(TIMESTAMP, "");
    if (kind === "server") scenario = scenario.replace(/^server-/, "");
    const checks = JSON.parse(readFileSync(file, "utf8"));
    const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
    results.push({
      scenario,
      passed: checks.filter((c) => c.status === "SUCCESS").length,
      failures: bad.map((c) => ({ id: c.id, status: c.status, message: c.errorMessage ?? c.description })),
      // Checks the suite itself skips (e.g. a harness pending a rewrite): reported, never hidden.
      skipped: checks
        .filter((c) => c.status === "SKIPPED")
        .map((c) => ({ id: c.id, message: c.errorMessage ?? c.description })),
      resultDir: join(outDir, folder),
    });
  }
  return results.sort((a, b) => a.scenario.localeCompare(b.scenario));
}

function findChecksFiles(dir) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findChecksFiles(path));
    else if (entry.name === "checks.json") found.push(path);
  }
  return found;
}

/** The scenario names under `server:` or `client:` of an expected-failures YAML (a flat list). */
export function readExpectedFailures(text) {
  const lists = { server: [], client: [] };
  let current = null;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*$/, "").trimEnd();
    if (!line.trim()) continue;
    const key = /^(\w+):\s*$/.exec(line);
    if (key) {
      current = key[1] in lists ? key[1] : null;
      continue;
    }
    const item = /^\s+-\s+["']?([^"']+?)["']?\s*$/.exec(line);
    if (item && current) lists[current].push(item[1]);
  }
  return lists;
}
