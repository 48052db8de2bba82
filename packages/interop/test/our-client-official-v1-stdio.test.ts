import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { defineOurClientSuite } from "./support/our-client-suite.js";
import { fixtureCommand } from "./support/paths.js";

defineOurClientSuite({
  label: "official 1.x server over stdio",
  revisions: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"],
  transport: () => () =>
    new StdioClientTransport({ ...fixtureCommand("official-v1-server.ts"), stderr: "ignore" }),
});
