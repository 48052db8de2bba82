import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { Client, type ClientMode } from "@mcpkit/client";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { transformSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingFiles, namedFiles, pack, publishedClosure, readManifest, tarballFiles } from "./pack.js";
import { cleanEnv, root, run } from "./processes.js";

const example = join(root, "examples/stdio-server");
const clientExample = join(root, "examples/client");
// What the stdio example and the client example that drives it need, each package once.
const needed = [...publishedClosure(example), ...publishedClosure(clientExample)]
  .filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i)
  .sort((a, b) => a.name.localeCompare(b.name));

describe("the packed tarballs, installed with npm in an empty folder, run the stdio example", () => {
  let temp = "";
  let app = "";
  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "mcpkit-pack-"));
    const tarballs = join(temp, "tarballs");
    mkdirSync(tarballs);
    const packed: string[] = [];
    const missing: string[] = [];
    for (const { dir } of needed) {
      const manifest = readManifest(dir);
      const unbuilt = namedFiles(manifest).filter(({ file }) => {
        try {
          return !lstatSync(join(dir, file)).isFile();
        } catch {
          return true;
        }
      });
      if (unbuilt.length > 0)
        throw new Error(
          `${manifest.name} is not built (${unbuilt.map((u) => u.file).join(", ")} missing): run pnpm turbo run build first`,
        );
      const tarball = await pack(dir, tarballs);
      missing.push(...missingFiles(manifest, await tarballFiles(tarball), basename(tarball)));
      packed.push(tarball);
    }
    if (missing.length > 0)
      throw new Error(`the tarballs miss files their package.json names:\n${missing.join("\n")}`);

    // An empty folder, the tarballs installed in one command (so @mcpkit/* dependencies resolve to
    // them), offline: nothing comes from the registry.
    app = join(temp, "app");
    mkdirSync(app);
    const installed = await run(
      "npm",
      ["install", "--offline", "--no-audit", "--no-fund", "--cache", join(temp, "npm-cache"), ...packed],
      { cwd: app, env: cleanEnv(), ms: 120_000 },
    );
    if (installed.code !== 0)
      throw new Error(
        `npm install of the tarballs failed (${installed.code}):\n${installed.stdout}${installed.stderr}`,
      );

    // The examples as plain JavaScript: their types stripped, nothing bundled.
    for (const [from, to] of [
      [join(example, "server.ts"), "server.mjs"],
      [join(clientExample, "client.ts"), "client.mjs"],
    ] as const) {
      const source = readFileSync(from, "utf8");
      writeFileSync(join(app, to), transformSync(source, { loader: "ts", format: "esm" }).code);
    }
  }, 240_000);

  afterAll(() => {
    if (temp !== "") rmSync(temp, { recursive: true, force: true });
  });

  it("installs exactly the packages the example needs, as copies from the tarballs", () => {
    expect(needed.map((p) => p.name)).toEqual([
      "@mcpkit/client",
      "@mcpkit/core",
      "@mcpkit/json-schema",
      "@mcpkit/schema",
      "@mcpkit/server",
      "@mcpkit/transport-http",
      "@mcpkit/transport-stdio",
    ]);
    const installed = readdirSync(join(app, "node_modules/@mcpkit")).map((name) => `@mcpkit/${name}`);
    expect(installed.sort()).toEqual(needed.map((p) => p.name));
    for (const name of installed)
      expect(lstatSync(join(app, "node_modules", name)).isSymbolicLink()).toBe(false);
    // Nothing else: no dependency outside @mcpkit came along.
    expect(readdirSync(join(app, "node_modules")).filter((name) => !name.startsWith("."))).toEqual([
      "@mcpkit",
    ]);
  });

  it("loads every export of every installed package", async () => {
    const specifiers = needed.flatMap(({ dir }) => {
      const manifest = readManifest(dir);
      const subpaths = Object.keys((manifest.exports ?? {}) as Record<string, unknown>);
      return subpaths
        .filter(
          (subpath) => subpath.startsWith("./") && subpath !== "./package.json" && !subpath.includes("*"),
        )
        .map((subpath) => `${manifest.name}${subpath.slice(1)}`)
        .concat(subpaths.includes(".") ? [manifest.name] : []);
    });
    const script = `for (const s of ${JSON.stringify(specifiers)}) await import(s); console.log("loaded " + ${specifiers.length});`;
    const loaded = await run(process.execPath, ["--input-type=module", "-e", script], {
      cwd: app,
      ms: 30_000,
    });
    expect([loaded.code, loaded.stderr, loaded.stdout]).toEqual([0, "", `loaded ${specifiers.length}\n`]);
  });

  it.each([
    ["stateless", "2026-07-28"],
    ["session", "2025-11-25"],
  ] as const)(
    "serves a %s client over stdio: initialize or discover, tools/list, tools/call",
    async (mode, revision) => {
      const client = new Client({
        clientInfo: { name: "examples-check", version: "1.0.0" },
        mode: mode as ClientMode,
      });
      await client.connect(
        () =>
          new StdioClientTransport({
            command: process.execPath,
            args: ["server.mjs"],
            cwd: app,
            stderr: "ignore",
          }),
      );
      try {
        expect([client.revision, client.serverInfo]).toEqual([
          revision,
          { name: "stdio-example", version: "1.0.0" },
        ]);
        expect((await client.listTools()).map((tool) => tool.name)).toEqual(["add", "countdown"]);
        const sum = await client.callTool({ name: "add", arguments: { a: 20, b: 22 } });
        expect(sum.content).toEqual([{ type: "text", text: "42" }]);
        const reports: number[] = [];
        const countdown = await client.callTool(
          { name: "countdown", arguments: { from: 2 } },
          { onProgress: ({ progress }) => reports.push(progress) },
        );
        expect([countdown.content, reports]).toEqual([
          [{ type: "text", text: "Counted down from 2. Liftoff!" }],
          [0, 1, 2],
        ]);
      } finally {
        await client.close();
      }
    },
  );

  it("runs the client example from the installed packages against the installed stdio example", async () => {
    const result = await run(
      process.execPath,
      ["client.mjs", `${process.execPath} server.mjs`, "countdown", '{"from":2}'],
      { cwd: app, ms: 60_000 },
    );
    expect([result.code, result.stdout]).toEqual([
      0,
      [
        "connected to stdio-example 1.0.0 (2026-07-28, stateless era)",
        "tool add: Adds two numbers",
        "tool countdown: Counts down from `from` (1 to 10), reporting progress each step",
        'calling countdown {"from":2}',
        "progress 0/2 2 to go",
        "progress 1/2 1 to go",
        "progress 2/2 liftoff",
        "Counted down from 2. Liftoff!",
        "",
      ].join("\n"),
    ]);
  });
});
