/**
 * Bundles a package's JavaScript after `tsc -b` has written its declarations: one file per entry
 * point of package.json (`exports` and `imports`), shared code in chunks, every dependency left
 * external. A cold `import` then reads a handful of files instead of dozens, which is most of its
 * cost on Node. Run from a package directory: `node ../../scripts/bundle.mjs`.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { restoreClassNames } from "./class-names.mjs";

const pkg = JSON.parse(readFileSync("package.json", "utf8"));

/** Every `./dist/….js` an entry of `exports` or `imports` points at, under any condition. */
function distTargets(map) {
  const found = new Set();
  const walk = (value) => {
    if (typeof value === "string") {
      if (value.startsWith("./dist/") && value.endsWith(".js")) found.add(value);
    } else if (value && typeof value === "object") {
      for (const nested of Object.values(value)) walk(nested);
    }
  };
  walk(map);
  return found;
}

const entryPoints = [...distTargets(pkg.exports), ...distTargets(pkg.imports)].map((target) =>
  target.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"),
);

const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
  ...Object.keys(pkg.optionalDependencies ?? {}),
].flatMap((name) => [name, `${name}/*`]);

// Chunk names carry a content hash: without this, every earlier build's chunks would stay in
// dist and be packed and published alongside the current ones.
rmSync("dist/chunks", { recursive: true, force: true });

const { metafile } = await build({
  entryPoints,
  outdir: "dist",
  outbase: "src",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // Node built-ins, the package's own `#` imports (resolved at run time by condition) and
  // generated CommonJS files stay outside the bundle.
  external: [...external, "node:*", "#*", "*.cjs"],
  chunkNames: "chunks/[name]-[hash]",
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
});

// Classes that refer to themselves come out named `_Name`: give them their own names back.
for (const output of Object.keys(metafile.outputs).filter((path) => path.endsWith(".js"))) {
  const code = readFileSync(output, "utf8");
  const fixed = restoreClassNames(code, output);
  if (fixed !== code) writeFileSync(output, fixed);
}
