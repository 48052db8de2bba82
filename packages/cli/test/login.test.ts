import { mkdtempSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The authorization server of @mcpkit/auth's own end-to-end tests: oidc-provider on 127.0.0.1.
import {
  type AuthorizationServer,
  startAuthorizationServer,
} from "../../auth/test/support/authorization-server.js";
import { type Listening, MCPKIT, mcpkit, startReference } from "./helpers.js";

const FAKE_BROWSER = fileURLToPath(new URL("./fake-browser.mjs", import.meta.url));

describe("mcpkit login / logout, and commands using the kept tokens", () => {
  let as: AuthorizationServer;
  let server: Listening;
  let hook: Server;
  let env: Record<string, string>;
  const opened: URL[] = [];
  const configDir = mkdtempSync(join(tmpdir(), "mcpkit-config-"));

  beforeAll(async () => {
    as = await startAuthorizationServer();
    server = await startReference("http", ["--auth-issuer", as.issuer, "--auth-scopes", "mcp:read"]);
    // The browser: the authorization server's automated pages, then the redirect to the CLI.
    hook = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      req.on("end", async () => {
        try {
          opened.push(new URL(body));
          const back = await as.authorize(body);
          const landed = await fetch(back);
          res.writeHead(landed.ok ? 200 : 502).end();
        } catch {
          res.writeHead(500).end();
        }
      });
    });
    await new Promise<void>((done) => hook.listen(0, "127.0.0.1", done));
    const { port } = hook.address() as { port: number };
    env = {
      MCPKIT_CONFIG_DIR: configDir,
      BROWSER: `${process.execPath} ${FAKE_BROWSER}`,
      MCPKIT_TEST_BROWSER_HOOK: `http://127.0.0.1:${port}/`,
    };
  });
  afterAll(async () => {
    await new Promise((done) => hook?.close(done));
    await server?.stop();
    await as?.close();
  });

  it("without tokens a protected server says to log in", async () => {
    const run = await mcpkit(["call", server.url, "add_numbers", "a=1", "b=2"], { env });
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr: `mcpkit: ${server.url} needs authorization: run mcpkit login ${server.url}\n`,
    });
  });

  it("login authorizes in the browser, keeps the tokens in a 0600 file; every command then uses them", async () => {
    const login = await mcpkit(["login", server.url], { env });
    expect(login.stderr).toMatch(
      /^Opening the browser to authorize \(if it does not open, visit this URL\):\n {2}http:\/\/127\.0\.0\.1:\d+\/auth\?/,
    );
    const file = /tokens kept in (\S+)\n$/.exec(login.stdout)?.[1] as string;
    expect(login.stdout).toBe(
      `logged in to ${server.url} (mcpkit-everything-server); tokens kept in ${file}\n`,
    );
    expect(login.code).toBe(0);
    expect(dirname(file)).toBe(join(configDir, "tokens"));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.searchParams.get("resource")).toBe(server.url);
    expect(opened[0]?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(opened[0]?.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const call = await mcpkit(["call", server.url, "add_numbers", "a=1", "b=2"], { env });
    expect(call).toEqual({ code: 0, stdout: "The sum of 1 and 2 is 3.\n", stderr: "" });
    const bridged = await mcpkit(
      // A stdio server gets only a safe set of environment variables: pass the config directory on.
      [
        "call",
        "add_numbers",
        "a=2",
        "b=2",
        "--",
        "env",
        `MCPKIT_CONFIG_DIR=${configDir}`,
        process.execPath,
        MCPKIT,
        "bridge",
        server.url,
      ],
      { env },
    );
    expect(bridged).toEqual({ code: 0, stdout: "The sum of 2 and 2 is 4.\n", stderr: "" });
    expect(opened).toHaveLength(1); // no second authorization
    expect(as.serverErrors).toEqual([]);
  });

  it("logout forgets them", async () => {
    const logout = await mcpkit(["logout", server.url], { env });
    expect(logout).toEqual({ code: 0, stdout: `logged out of ${server.url}\n`, stderr: "" });
    const again = await mcpkit(["logout", server.url], { env });
    expect(again.stdout).toBe(`no tokens were kept for ${server.url}\n`);
    const ping = await mcpkit(["call", server.url, "add_numbers", "a=1", "b=2"], { env });
    expect(ping.stderr).toBe(`mcpkit: ${server.url} needs authorization: run mcpkit login ${server.url}\n`);
  });
});
