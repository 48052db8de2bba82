import { resolve } from "node:path";
import { Client, type ClientMode } from "@mcpkit/client";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import type { Browser } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { launchChromium } from "./browser.js";
import { type Started, start } from "./processes.js";
import { startReference } from "./reference.js";

const root = resolve(import.meta.dirname, "../../..");

/** Runs an example's documented command, `pnpm --filter NAME start ARGS`, in its own process group. */
function startExample(
  name: string,
  args: readonly string[],
  line: RegExp,
  env: NodeJS.ProcessEnv = {},
): Started {
  return start("pnpm", ["--filter", name, "start", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    from: "both",
    line,
    group: true,
    ms: 60_000,
  });
}

/** Calls `tool` on the server at `url` with our client, in one era. */
async function call(
  url: string,
  mode: ClientMode,
  tool: string,
  args: Record<string, unknown>,
): Promise<string> {
  const client = new Client({ clientInfo: { name: "examples-test", version: "1.0.0" }, mode });
  await client.connect(new StreamableHttpClientTransport(url));
  try {
    const result = await client.callTool({ name: tool, arguments: args });
    const first = result.content[0];
    return `${client.era} ${first?.type === "text" ? first.text : ""}`;
  } finally {
    await client.close();
  }
}

const endpoint = /^http:\/\/127\.0\.0\.1:\d+\/mcp$/;

describe("the runtime examples start with their documented command and serve", () => {
  const running: Started[] = [];
  let browser: Browser | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
    for (const process of running.splice(0)) await process.stop();
  });

  it("examples/worker (workerd)", async () => {
    const example = startExample(
      "@mcpkit/example-worker",
      ["--socket-addr", "http=127.0.0.1:0"],
      /^Listening on /,
    );
    running.push(example);
    const url = `${(await example.firstLine).replace(/^Listening on /, "")}/mcp`;
    expect(await call(url, "stateless", "add", { a: 2, b: 3 })).toBe("stateless 5");
    expect(await call(url, "session", "add", { a: 2, b: 3 })).toBe("session 5");
  });

  it("examples/deno", async () => {
    const example = startExample("@mcpkit/example-deno", [], endpoint, { PORT: "0" });
    running.push(example);
    const url = await example.firstLine;
    expect(await call(url, "stateless", "greet", { name: "Ada" })).toBe("stateless Hello, Ada, from Deno!");
    expect(await call(url, "session", "greet", { name: "Ada" })).toBe("session Hello, Ada, from Deno!");
  });

  it("examples/bun", async () => {
    const example = startExample("@mcpkit/example-bun", [], endpoint, { PORT: "0" });
    running.push(example);
    const url = await example.firstLine;
    expect(await call(url, "stateless", "greet", { name: "Ada" })).toBe("stateless Hello, Ada, from Bun!");
    expect(await call(url, "session", "greet", { name: "Ada" })).toBe("session Hello, Ada, from Bun!");
  });

  it("examples/browser-client (Chromium, against the reference server)", async () => {
    const reference = await startReference();
    running.push(reference.process);
    const example = startExample(
      "@mcpkit/example-browser-client",
      ["--serve=127.0.0.1:0"],
      /http:\/\/127\.0\.0\.1:\d+\/?$/,
    );
    running.push(example);
    const page = /http:\/\/127\.0\.0\.1:\d+/.exec(await example.firstLine)?.[0];
    browser = await launchChromium();
    const tab = await browser.newPage();
    await tab.goto(`${page}/?server=${encodeURIComponent(reference.url)}`);
    await tab.click("button[type=submit]");
    const status = tab.locator("#status");
    await status.filter({ hasText: /^(Connected|Failed)/ }).waitFor({ timeout: 30_000 });
    expect(await status.textContent()).toMatch(
      /^Connected to mcpkit-everything-server \(2026-07-28\): \d+ tools$/,
    );
    expect(await tab.locator("#tools li", { hasText: /^test_simple_text: / }).count()).toBe(1);
  });
});
