import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, it } from "vitest";

it("the browser's and ws's WebSocket constructors are accepted as the WebSocket option", () => {
  const project = resolve(import.meta.dirname, "types/tsconfig.json");
  const tsc = resolve(import.meta.dirname, "../node_modules/typescript/bin/tsc");
  let output = "";
  try {
    execFileSync(process.execPath, [tsc, "-p", project], { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout);
  }
  expect(output).toBe("");
}, 60_000);
