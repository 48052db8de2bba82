import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { fakeServerCommand, fixtures } from "./helpers/cli.js";

const cli = resolve(import.meta.dirname, "../dist/cli.js");

describe("the mcpkit-conformance binary", () => {
  it("exits as soon as the report is printed, not when the last step timeout would have run out", async () => {
    expect(existsSync(cli), "build the package first (pnpm build)").toBe(true);
    const started = Date.now();
    const args = [
      cli,
      "server",
      "--stdio",
      fakeServerCommand("good"),
      "--transcripts",
      fixtures,
      "--id",
      "example/ping",
      "--revision",
      "2025-06-18",
      "--step-timeout",
      "30000",
    ];
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 40_000);
    const code = await new Promise<number | null>((done) => child.on("close", done));
    clearTimeout(timer);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("conformance: 1 passed, 0 failed");
    // One passing run takes well under a second; the 30 s step-timeout timer must not hold the exit.
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 45_000);
});
