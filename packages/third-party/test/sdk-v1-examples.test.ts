import { join } from "node:path";
import { describe, it } from "vitest";
import {
  type HttpServer,
  expectOnlyKnownDeviations,
  packageDir,
  runConformance,
  sdkV1Examples,
  shellQuote,
  startListening,
  suiteArgs,
} from "./helpers.js";

// The example servers the official TypeScript SDK 1.x ships in its npm package
// (`@modelcontextprotocol/sdk` 1.32.2, `dist/esm/examples/server/`), run as packaged: stdio ones
// as a command, HTTP ones with their hard-coded port 3000 turned into a free port on 127.0.0.1 by
// the loopback preload (MCPKIT_PORT_ZERO=1). Each example's verified deviations are in
// `sdk-v1-examples/<example>.yaml` (docs/conformance-findings.md, "The official SDK examples").
// The SDK 2.x packages (`@modelcontextprotocol/server` 2.4.0) ship no examples.

const examples = join(sdkV1Examples, "server");

const runs = [
  { example: "mcpServerOutputSchema", transport: "stdio" },
  { example: "progressExample", transport: "stdio" },
  { example: "toolWithSampleServer", transport: "stdio" },
  { example: "simpleStreamableHttp", transport: "http", path: "/mcp" },
  { example: "jsonResponseStreamableHttp", transport: "http", path: "/mcp" },
  { example: "simpleStatelessStreamableHttp", transport: "http", path: "/mcp" },
  { example: "sseAndStreamableHttpCompatibleServer", transport: "http", path: "/mcp" },
  { example: "sseAndStreamableHttpCompatibleServer", transport: "sse", path: "/sse" },
  { example: "simpleSseServer", transport: "sse", path: "/mcp" },
] as const;

describe.each(runs)("SDK 1.x example $example over $transport", (spec) => {
  it("shows exactly the documented deviations", async () => {
    const script = join(examples, `${spec.example}.js`);
    const file = join(packageDir, "sdk-v1-examples", `${spec.example}.yaml`);
    const common = suiteArgs(file);
    if (spec.transport === "stdio") {
      const command = `${shellQuote(process.execPath)} ${shellQuote(script)}`;
      const run = await runConformance(["server", "--stdio", command, ...common], 420_000);
      expectOnlyKnownDeviations(run, file, "stdio");
      return;
    }
    let server: HttpServer | undefined;
    try {
      server = await startListening(script, [], spec.path, 20_000, { MCPKIT_PORT_ZERO: "1" });
      const run = await runConformance(
        ["server", "--url", server.url, "--transport", spec.transport, ...common],
        420_000,
      );
      expectOnlyKnownDeviations(run, file, spec.transport);
    } finally {
      await server?.stop();
    }
  }, 450_000);
});
