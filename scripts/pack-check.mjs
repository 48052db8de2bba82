/**
 * Packs a workspace package with `pnpm pack` and checks the tarball is what npm users should get:
 * built JavaScript and declarations for every `exports` target, a README, and nothing else of the
 * source tree (no tests, no TypeScript sources, no source maps pointing at missing files).
 * Used by each package's pack test; also runnable: node scripts/pack-check.mjs packages/schema
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

function exportTargets(exportsField) {
  const targets = [];
  const walk = (node) => {
    if (typeof node === "string") targets.push(node);
    else if (node && typeof node === "object") for (const value of Object.values(node)) walk(value);
  };
  walk(exportsField);
  return targets.map((t) => t.replace(/^\.\//, ""));
}

/** Returns { files, problems } for the package in `dir`. */
export function checkPack(dir) {
  const packageDir = resolve(dir);
  const out = mkdtempSync(join(tmpdir(), "mcpkit-pack-"));
  try {
    execFileSync("pnpm", ["pack", "--pack-destination", out], { cwd: packageDir, stdio: "pipe" });
    const tarball = execFileSync("sh", ["-c", `ls ${out}/*.tgz`])
      .toString()
      .trim();
    const files = execFileSync("tar", ["-tzf", tarball])
      .toString()
      .trim()
      .split("\n")
      .map((f) => f.replace(/^package\//, ""));
    execFileSync("tar", ["-xzf", tarball, "-C", out]);
    const read = (file) => readFileSync(join(out, "package", file), "utf8");
    const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    const problems = [];
    const has = (path) => files.includes(path);
    for (const required of ["package.json", "README.md"])
      if (!has(required)) problems.push(`missing ${required}`);
    for (const target of exportTargets(manifest.exports)) {
      if (target.includes("*")) {
        const prefix = target.slice(0, target.indexOf("*"));
        if (!files.some((f) => f.startsWith(prefix))) problems.push(`nothing packed for export ${target}`);
      } else if (!has(target)) problems.push(`missing export target ${target}`);
    }
    const bins = typeof manifest.bin === "string" ? [manifest.bin] : Object.values(manifest.bin ?? {});
    for (const bin of bins.map((b) => b.replace(/^\.\//, "")))
      if (!has(bin)) problems.push(`missing bin target ${bin}`);
    for (const file of files) {
      if (/(^|\/)(test|tests|__tests__)\//.test(file) || /\.test\.[cm]?[jt]s$/.test(file))
        problems.push(`test file packed: ${file}`);
      if (/^(src|source|scripts|bench)\//.test(file)) problems.push(`source file packed: ${file}`);
      if (file.endsWith(".ts") && !file.endsWith(".d.ts")) problems.push(`TypeScript source packed: ${file}`);
      if (file.endsWith(".map")) {
        const map = JSON.parse(read(file));
        for (const source of map.sources ?? []) {
          const target = join(file, "..", source);
          if (!has(target)) problems.push(`${file} points at ${target}, which is not packed`);
        }
      }
    }
    for (const file of files.filter((f) => /\.(m?js|d\.ts)$/.test(f))) {
      const text = read(file);
      const match = text.match(/\/\/# sourceMappingURL=(\S+)\s*$/);
      if (match && !has(join(file, "..", match[1])))
        problems.push(`${file} refers to missing map ${match[1]}`);
    }
    // A chunk no packed module imports is left over from an earlier build.
    const modules = files.filter((f) => f.endsWith(".js")).map((f) => read(f));
    for (const chunk of files.filter((f) => /^dist\/chunks\/[^/]+\.js$/.test(f))) {
      const name = chunk.slice("dist/chunks/".length);
      if (!modules.some((text) => text.includes(`/${name}"`)))
        problems.push(`stale chunk packed: ${chunk} (no packed module imports it)`);
    }
    return { files, problems };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The files of the built package's tarball, for a pack test: throws with every problem
 * `checkPack` found, or when the package has not been built yet.
 */
export function packedFiles(dir) {
  const packageDir = resolve(dir);
  if (!existsSync(join(packageDir, "dist/index.js")))
    throw new Error(`${packageDir} has no dist/index.js: build the package first (pnpm build)`);
  const { files, problems } = checkPack(packageDir);
  if (problems.length > 0) throw new Error(`the tarball has problems:\n  ${problems.join("\n  ")}`);
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const { files, problems } = checkPack(process.argv[2] ?? ".");
  console.log(`${files.length} files packed`);
  for (const p of problems) console.error(`problem: ${p}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
