import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Listening, MCPKIT, mcpkit, startReference } from "./helpers.js";

/** Resolves with everything written once `pattern` matches it (rejects if the process ends first). */
function until(stream: NodeJS.ReadableStream, pattern: RegExp, exited: Promise<unknown>): Promise<string> {
  let text = "";
  return new Promise((resolve, reject) => {
    stream.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (pattern.test(text)) resolve(text);
    });
    void exited.then(() => reject(new Error(`exited before ${pattern}: ${text}`)));
  });
}

describe("mcpkit listen", () => {
  let server: Listening;
  beforeAll(async () => {
    server = await startReference("http");
  });
  afterAll(async () => {
    await server.stop();
  });

  for (const revision of ["2026-07-28", "2025-11-25"]) {
    it(`prints resource updates of the URIs it subscribed to until Ctrl-C (${revision})`, async () => {
      const child = spawn(
        process.execPath,
        [MCPKIT, "listen", "--json", "--revision", revision, server.url, "test://watched-resource"],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
      try {
        const ready = await until(child.stderr, /Ctrl-C to stop\n/, exited);
        expect(ready).toBe(`listening to mcpkit-everything-server (${revision}); Ctrl-C to stop\n`);
        const updated = until(child.stdout, /resources\/updated/, exited);
        const trigger = await mcpkit(["call", server.url, "test_trigger_resource_update"]);
        expect(trigger.code).toBe(0);
        const line = JSON.parse((await updated).trim().split("\n").at(-1) as string);
        expect(line).toMatchObject({ kind: "resources/updated", uri: "test://watched-resource" });
        child.kill("SIGINT");
        expect(await exited).toBe(0);
      } finally {
        child.kill("SIGKILL");
      }
    });
  }
});

describe("mcpkit completion", () => {
  it("bash: completes commands and a command's options", async () => {
    const run = await mcpkit(["completion", "bash"]);
    expect(run.code).toBe(0);
    const script = join(mkdtempSync(join(tmpdir(), "mcpkit-completion-")), "mcpkit.bash");
    writeFileSync(script, run.stdout);
    const complete = (line: string) =>
      spawnSync(
        "bash",
        [
          "-c",
          `source ${script}; COMP_WORDS=(${line}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _mcpkit; echo "\${COMPREPLY[*]}"`,
        ],
        { encoding: "utf8" },
      ).stdout.trim();
    expect(complete("mcpkit l")).toBe("listen login logout");
    expect(complete("mcpkit call --n")).toBe("--no-input");
    expect(complete("mcpkit ping --transport s")).toBe("stdio streamable sse");
  });

  it("zsh and fish: scripts for every command; an unknown shell is refused", async () => {
    const zsh = await mcpkit(["completion", "zsh"]);
    expect(zsh.stdout.startsWith("#compdef mcpkit\n")).toBe(true);
    expect(zsh.stdout).toContain("    call) opts=(--json --out --raw --no-input --transport");
    const fish = await mcpkit(["completion", "fish"]);
    expect(fish.stdout).toContain('complete -c mcpkit -n "__fish_seen_subcommand_from call" -l no-input\n');
    expect(await mcpkit(["completion", "tcsh"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'mcpkit: unknown shell "tcsh" (bash, zsh or fish) (see mcpkit completion --help)\n',
    });
  });
});
