import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileTokenStore, type LoopbackRedirect, loopbackRedirect, openBrowser } from "../src/node.js";

const listeners: LoopbackRedirect[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});

describe("loopbackRedirect", () => {
  it("listens on 127.0.0.1, opens the URL, and resolves with the callback carrying the state", async () => {
    const opened: string[] = [];
    const statuses: number[] = [];
    const listener = await loopbackRedirect({
      open: async (url) => {
        opened.push(url.href);
        const back = (search: string) => fetch(`${listener.redirectUrl}${search}`).then((r) => r.status);
        // A stray request (wrong state) changes nothing; the right one completes the flow.
        statuses.push(await back("?code=evil&state=other"));
        statuses.push(await back("?code=c1&state=s1&iss=https%3A%2F%2Fas.example"));
      },
    });
    listeners.push(listener);
    expect(listener.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const callback = await listener.redirect(new URL("https://as.example/authorize?state=s1"));
    expect(callback).toBe(`${listener.redirectUrl}?code=c1&state=s1&iss=https%3A%2F%2Fas.example`);
    expect(opened).toEqual(["https://as.example/authorize?state=s1"]);
    expect(statuses).toEqual([400, 200]);
    // Single use: the same callback again is refused.
    expect((await fetch(`${listener.redirectUrl}?code=c1&state=s1`)).status).toBe(400);
  });

  it("gives up after timeoutMs with a clear error", async () => {
    const listener = await loopbackRedirect({ timeoutMs: 20, open: () => {} });
    listeners.push(listener);
    await expect(listener.redirect(new URL("https://as.example/authorize?state=s"))).rejects.toThrow(
      `no authorization came back to ${listener.redirectUrl} within 20 ms`,
    );
  });
});

describe("openBrowser", () => {
  it("runs the platform's opener with the URL, and refuses other schemes", () => {
    const runs: string[][] = [];
    const launch = (command: string, args: readonly string[]) => runs.push([command, ...args]);
    const url = new URL("https://as.example/authorize?a=1&b=2");
    openBrowser(url, { platform: "linux", launch });
    openBrowser(url, { platform: "darwin", launch });
    openBrowser(url, { platform: "win32", launch });
    expect(runs).toEqual([
      ["xdg-open", url.href],
      ["open", url.href],
      ["cmd", "/c", "start", '""', "https://as.example/authorize?a=1^&b=2"],
    ]);
    expect(() => openBrowser(new URL("file:///etc/passwd"), { launch })).toThrow(
      "refusing to open file: URL file:///etc/passwd: only http(s) is opened",
    );
  });
});

describe("FileTokenStore", () => {
  it("keeps values in a 0600 file in a 0700 directory", async () => {
    const root = await mkdtemp(join(tmpdir(), "mcpkit-auth-"));
    try {
      const path = join(root, "nested", "auth.json");
      const store = new FileTokenStore(path);
      expect(await store.get("tokens a")).toBeUndefined();
      await Promise.all([store.set("tokens a", "1"), store.set("client b", "2")]);
      expect(await new FileTokenStore(path).get("tokens a")).toBe("1");
      await store.delete("tokens a");
      expect(await new FileTokenStore(path).get("tokens a")).toBeUndefined();
      expect(await store.get("client b")).toBe("2");
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect((await stat(join(root, "nested"))).mode & 0o777).toBe(0o700);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
