// tsc compiles .ts only: copy each revision's generated CommonJS validators next to their
// compiled ES module wrappers in dist.
import { copyFileSync, readdirSync } from "node:fs";

const from = new URL("../src/generated/", import.meta.url);
const to = new URL("../dist/generated/", import.meta.url);
for (const revision of readdirSync(from, { withFileTypes: true })) {
  if (!revision.isDirectory()) continue;
  for (const file of ["validators.cjs", "validators.d.cts"]) {
    copyFileSync(new URL(`${revision.name}/${file}`, from), new URL(`${revision.name}/${file}`, to));
  }
}
