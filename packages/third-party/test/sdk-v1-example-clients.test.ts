import { join } from "node:path";
import { describe, it } from "vitest";
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

// The example clients the official TypeScript SDK 1.x ships in its npm package
// (`@modelcontextprotocol/sdk` 1.32.2, `dist/esm/examples/client/`), run as packaged against the
// example server each was written for, with `mcpkit-conformance client --observe` relaying between
// them and judging everything the client sends. Each client's verified deviations are in
// `sdk-v1-example-clients/<client>.yaml` (docs/conformance-findings.md, "The official SDK examples").
// Not run: simpleStreamableHttp and elicitationUrlExample (they put stdin in raw mode: a terminal is
// required), simpleOAuthClient (a browser completes its authorization), simpleClientCredentials
// (no example server takes client credentials). The SDK 2.x packages ship no examples.

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
    } finally {
      await server?.stop();
    }
  }, 150_000);
});
