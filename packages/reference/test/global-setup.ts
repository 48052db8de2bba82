import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** Builds dist (and the packages it references) once, so the tests run the real CLIs. */
export default function setup(): void {
  const packageDir = fileURLToPath(new URL("..", import.meta.url));
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-b", "tsconfig.build.json"], { cwd: packageDir, stdio: "inherit" });
}
