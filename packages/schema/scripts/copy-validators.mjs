// tsc compiles .ts only: copy each revision's generated CommonJS validators next to their
// compiled ES module wrappers in dist, minified. The generated source stays readable in src; what
// users install is about 30% smaller (and parses faster on first use).
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { transformSync } from "esbuild";

const from = new URL("../src/generated/", import.meta.url);
const to = new URL("../dist/generated/", import.meta.url);
for (const revision of readdirSync(from, { withFileTypes: true })) {
  if (!revision.isDirectory()) continue;
  const source = readFileSync(new URL(`${revision.name}/validators.cjs`, from), "utf8");
  const { code } = transformSync(source, {
    minify: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    legalComments: "none",
  });
  const banner = `// Generated from src/generated/${revision.name}/validators.cjs (ajv standalone code), minified.\n`;
  writeFileSync(new URL(`${revision.name}/validators.cjs`, to), banner + code);
  copyFileSync(
    new URL(`${revision.name}/validators.d.cts`, from),
    new URL(`${revision.name}/validators.d.cts`, to),
  );
}
