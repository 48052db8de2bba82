/**
 * Builds the mcpkit packages the interop tests import (their `dist`: declarations by `tsc -b`,
 * JavaScript by scripts/bundle.mjs), once per run; an up-to-date tree costs a few seconds. A
 * package that does not compile right now but has a previous build is used as built, with a warning.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const packages = ["transport-stdio", "transport-http", "transport-ws", "server", "client", "auth"];

export default function setup(): void {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  for (const name of packages) {
    try {
      execFileSync(process.execPath, [tsc, "-b", `${root}${name}/tsconfig.build.json`], {
        stdio: "pipe",
        timeout: 180_000,
      });
      // tsc writes the declarations; the package's JavaScript comes from the bundler.
      execFileSync(process.execPath, [`${root}../scripts/bundle.mjs`], {
        cwd: `${root}${name}`,
        stdio: "pipe",
        timeout: 180_000,
      });
    } catch (error) {
      const output = String((error as { stdout?: Buffer }).stdout ?? error);
      if (!existsSync(`${root}${name}/dist/index.js`)) throw new Error(`building ${name} failed:\n${output}`);
      console.warn(
        `interop: ${name} does not build now; testing its previous dist.\n${output.slice(0, 2000)}`,
      );
    }
  }
}
