import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type HttpServer,
  expectOnlyKnownDeviations,
  loopbackPreload,
  packageDir,
  runConformance,
  sdkV1Examples,
  shellQuote,
  startListening,
} from "./helpers.js";
import { startClientCredentialsIssuer } from "./client-credentials-issuer.js";

// The example clients the official TypeScript SDK 1.x ships in its npm package
// (`@modelcontextprotocol/sdk` 1.32.2, `dist/esm/examples/client/`), run as packaged against the
// example server each was written for, with `mcpkit-conformance client --observe` relaying between
// them and judging everything the client sends. Each client's verified deviations are in
// `sdk-v1-example-clients/<client>.yaml` (docs/conformance-findings.md, "The official SDK examples").
// simpleClientCredentials runs against the mcpkit reference everything-server protected by a small
// issuer of this test (client_credentials). simpleStreamableHttp and elicitationUrlExample put stdin
// in raw mode: they run under a pseudo-terminal from util-linux `script` (test/tty-commands.mjs).
// Not run: simpleOAuthClient (a browser completes its authorization). The SDK 2.x packages ship no examples.

const node = shellQuote(process.execPath);
const client = (name: string) => shellQuote(join(sdkV1Examples, "client", `${name}.js`));

const runs = [
  // Each takes the server URL as its first argument; {url} is the relay's.
  {
    client: "multipleClientsParallel",
    server: "simpleStreamableHttp",
    command: `${node} ${client("multipleClientsParallel")}`,
  },
  {
    client: "parallelToolCallsClient",
    server: "simpleStreamableHttp",
    command: `${node} ${client("parallelToolCallsClient")}`,
  },
  {
    client: "streamableHttpWithSseFallbackClient",
    server: "simpleStreamableHttp",
    command: `${node} ${client("streamableHttpWithSseFallbackClient")}`,
  },
  {
    // Hard-codes http://localhost:3001/mcp: the preload sends that connection to the relay.
    client: "ssePollingClient",
    server: "ssePollingExample",
    command: `MCPKIT_REDIRECT=3001={url} ${node} --import ${shellQuote(loopbackPreload)} ${client("ssePollingClient")}`,
  },
  {
    // Asks on stdin whether to confirm the server's elicitation: answered "y" when it asks.
    client: "simpleTaskInteractiveClient",
    server: "simpleTaskInteractive",
    command: `${node} ${shellQuote(join(packageDir, "test/prompted-stdin.mjs"))} ${shellQuote("Your response (y/n): =y")} -- ${node} ${client("simpleTaskInteractiveClient")} --url {url}`,
  },
  {
    // Needs a terminal (raw-mode stdin): run under a pseudo-terminal (test/tty-commands.mjs) with
    // one command typed at each "> " prompt. Connects at start to its hard-coded
    // http://localhost:3000/mcp: the preload sends that connection to the relay. `quit` terminates
    // its session (DELETE) before exiting. Not typed: multi-greet and the notification commands
    // (their notifications redraw the prompt while the call runs) and the elicitation commands.
    client: "simpleStreamableHttp",
    server: "simpleStreamableHttp",
    // Every command reached the server: initialize, initialized and one request per command.
    messages: 8,
    command: `MCPKIT_REDIRECT=3000={url} ${node} ${shellQuote(join(packageDir, "test/tty-commands.mjs"))} ${[
      "> ",
      "list-tools",
      'call-tool greet {"name":"x"}',
      "list-prompts",
      'get-prompt greeting-template {"name":"z"}',
      "list-resources",
      "read-resource https://example.com/greetings/default",
      "quit",
    ]
      .map(shellQuote)
      .join(
        " ",
      )} -- ${shellQuote(`${node} --import ${shellQuote(loopbackPreload)} ${client("simpleStreamableHttp")}`)}`,
  },
] as const;

describe.each(runs)("SDK 1.x example client $client against $server", (spec) => {
  it("shows exactly the documented deviations", async () => {
    const file = join(packageDir, "sdk-v1-example-clients", `${spec.client}.yaml`);
    let server: HttpServer | undefined;
    try {
      server = await startListening(join(sdkV1Examples, "server", `${spec.server}.js`), [], "/mcp", 20_000, {
        MCPKIT_PORT_ZERO: "1",
      });
      const run = await runConformance(
        [
          "client",
          "--observe",
          "--command",
          spec.command,
          "--upstream",
          server.url,
          "--expected-failures",
          file,
        ],
        120_000,
      );
      expectOnlyKnownDeviations(run, file, "http", "observe/client");
      if ("messages" in spec) {
        const observed = run.report.results.find((r) => r.transcript === "observe/client");
        expect(observed?.title, run.output).toContain(`(${spec.messages} messages,`);
      }
    } finally {
      await server?.stop();
    }
  }, 150_000);
});

/** The reference everything-server over Streamable HTTP on a free port, trusting `issuer`. */
async function startProtectedReference(issuer: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = join(
    dirname(createRequire(import.meta.url).resolve("@mcpkit/reference/package.json")),
    "dist/everything-server.js",
  );
  const child = spawn(
    process.execPath,
    [script, "--transport", "http", "--port", "0", "--auth-issuer", issuer],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  };
  try {
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error("the reference server printed no URL within 20 s")),
        20_000,
      );
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8");
        if (out.includes("\n")) {
          clearTimeout(timer);
          done((out.split("\n")[0] as string).trim());
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        fail(new Error(`the reference server exited (${code}) before listening`));
      });
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

describe("SDK 1.x example client simpleClientCredentials against a protected server", () => {
  it("shows exactly the documented deviations, after getting its token by client credentials", async () => {
    const file = join(packageDir, "sdk-v1-example-clients", "simpleClientCredentials.yaml");
    let audience = "";
    const issuer = await startClientCredentialsIssuer(() => audience);
    let server: { url: string; stop: () => Promise<void> } | undefined;
    try {
      server = await startProtectedReference(issuer.issuer);
      audience = server.url;
      const env = `MCP_CLIENT_ID=${issuer.clientId} MCP_CLIENT_SECRET=${issuer.clientSecret} MCP_EXPECTED_ISSUER=${issuer.issuer}`;
      const command = `MCP_SERVER_URL={url} ${env} ${node} ${client("simpleClientCredentials")}`;
      const run = await runConformance(
        ["client", "--observe", "--command", command, "--upstream", server.url, "--expected-failures", file],
        120_000,
      );
      expectOnlyKnownDeviations(run, file, "http", "observe/client");
      // Its token came from the issuer by the client_credentials grant, for the relay's URL.
      expect(issuer.tokenRequests.map((r) => r.grant_type)).toEqual(["client_credentials"]);
      expect(issuer.tokenRequests[0]?.resource).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(issuer.tokenRequests[0]?.resource).not.toBe(server.url);
    } finally {
      await server?.stop();
      await issuer.stop();
    }
  }, 150_000);
});

describe("SDK 1.x example client elicitationUrlExample against its server (OAuth)", () => {
  it("shows exactly the documented deviations, after its authorization code flow", async () => {
    const file = join(packageDir, "sdk-v1-example-clients", "elicitationUrlExample.yaml");
    let server: HttpServer | undefined;
    try {
      // Its server names itself http://localhost:3000/mcp and its authorization server
      // http://localhost:3001 (checked strictly as the token's resource): both listen on free
      // ports, and the preload sends each process's connections to 3000/3001 where they went.
      server = await startListening(
        join(sdkV1Examples, "server", "elicitationUrlExample.js"),
        [],
        "/mcp",
        20_000,
        { MCPKIT_PORT_ZERO: "1", MCP_PORT: "3000", MCP_AUTH_PORT: "3001" },
        ["3000", "3001"],
      );
      // The client: 3000 to the relay, 3001 to the authorization server; the URL it asks the user
      // to open is visited (the demo authorization server redirects at once to its callback on
      // 8090); under a pseudo-terminal (raw-mode stdin) with commands typed at each "> " prompt.
      const redirect = `MCPKIT_REDIRECT=3000={url},3001=http://127.0.0.1:${server.ports.get("3001")}`;
      const command = `${redirect} MCPKIT_TTY_BROWSE=${shellQuote("to authorize:")} ${node} ${shellQuote(
        join(packageDir, "test/tty-commands.mjs"),
      )} ${["> ", "list-tools", "quit"].map(shellQuote).join(" ")} -- ${shellQuote(
        `${node} --import ${shellQuote(loopbackPreload)} ${client("elicitationUrlExample")}`,
      )}`;
      const run = await runConformance(
        ["client", "--observe", "--command", command, "--upstream", server.url, "--expected-failures", file],
        120_000,
      );
      expectOnlyKnownDeviations(run, file, "http", "observe/client");
      // All reached the server: initialize refused without a token (401), initialize with it,
      // initialized, tools/list.
      const observed = run.report.results.find((r) => r.transcript === "observe/client");
      expect(observed?.title, run.output).toContain("(4 messages,");
    } finally {
      await server?.stop();
    }
  }, 150_000);
});
