// What a user installs for a stdio + HTTP server: our packages packed into tarballs (pnpm pack,
// which turns workspace: ranges into versions) and npm-installed into an empty folder, versus the
// official SDK 1.x and 2.x from the registry. Slow (network): run it by name.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packagesIn, treeBytes } from "../lib/node-modules.mjs";
import { bytes, printTable } from "../lib/table.mjs";
import { target } from "../lib/targets.mjs";

export const name = "install-size";

const repoRoot = new URL("../../../../", import.meta.url).pathname;
// json-schema comes with the server (it validates tool arguments).
const OURS = ["server", "core", "schema", "json-schema", "transport-stdio", "transport-http"];

function npmInstall(dir, specs) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), '{ "name": "install-size-probe", "private": true }\n');
  execFileSync(
    "npm",
    ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error", ...specs],
    { cwd: dir, stdio: ["ignore", "ignore", "inherit"], timeout: 600_000 },
  );
  const nodeModules = join(dir, "node_modules");
  const names = packagesIn(nodeModules);
  // The heaviest few, to show where the bytes are (nested copies are counted in their parent too).
  const largest = names
    .map((name) => ({ name, bytes: treeBytes(join(nodeModules, name)) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5);
  return { packages: names.length, bytes: treeBytes(nodeModules), largest };
}

export async function run() {
  const work = mkdtempSync(join(tmpdir(), "mcpkit-install-size-"));
  try {
    const tarballs = join(work, "tarballs");
    mkdirSync(tarballs);
    for (const pkg of OURS) {
      execFileSync("pnpm", ["pack", "--pack-destination", tarballs], {
        cwd: join(repoRoot, "packages", pkg),
        stdio: ["ignore", "ignore", "inherit"],
      });
    }
    const ourSpecs = readdirSync(tarballs).map((file) => join(tarballs, file));
    const rows = [
      {
        contender: "mcpkit",
        what: "@mcpkit/{server,core,schema,json-schema,transport-stdio,transport-http}",
        ...npmInstall(join(work, "mcpkit"), ourSpecs),
      },
      {
        contender: "official 2.x",
        what: "@modelcontextprotocol/server@2.4.0 + @modelcontextprotocol/node@2.1.2",
        ...npmInstall(join(work, "v2"), [
          "@modelcontextprotocol/server@2.4.0",
          "@modelcontextprotocol/node@2.1.2",
        ]),
      },
      {
        contender: "official 1.x",
        what: "@modelcontextprotocol/sdk@1.32.2",
        ...npmInstall(join(work, "v1"), ["@modelcontextprotocol/sdk@1.32.2"]),
      },
    ];
    console.log("\ninstalled size of a stdio + HTTP server (npm install --ignore-scripts)");
    printTable(
      rows.map((r) => ({ ...r, size: bytes(r.bytes) })),
      [
        ["contender", "contender"],
        ["packages", "packages"],
        ["size", "bytes on disk (apparent)"],
        ["what", "installed"],
      ],
    );
    for (const r of rows)
      console.log(
        `  ${r.contender} largest: ${r.largest.map((p) => `${p.name} ${bytes(p.bytes)}`).join(", ")}`,
      );
    const of = (who, key) => rows.find((r) => r.contender === who)?.[key];
    const targets = [
      target({
        title: "install size ≤ ⅕ of official",
        ours: of("mcpkit", "bytes"),
        theirs: { "official 2.x": of("official 2.x", "bytes"), "official 1.x": of("official 1.x", "bytes") },
        better: "lower",
        goal: 0.2,
      }),
    ];
    return { rows, targets };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
