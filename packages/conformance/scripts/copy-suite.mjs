// Copies the language-neutral suite (conformance/transcripts, requirements, schema) into
// dist/suite, so the published CLI runs the suite without a checkout of this repository.
import { cpSync, existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../conformance/", import.meta.url));
const target = fileURLToPath(new URL("../dist/suite/", import.meta.url));
rmSync(target, { recursive: true, force: true });
for (const part of ["transcripts", "requirements", "schema"]) {
  if (existsSync(`${root}${part}`)) cpSync(`${root}${part}`, `${target}${part}`, { recursive: true });
}
