import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { defineOfficialClientSuite } from "./support/official-client-suite.js";
import { connectV1, connectV2 } from "./support/official-clients.js";
import { fixtureCommand } from "./support/paths.js";

const revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];

defineOfficialClientSuite({
  label: "official 2.x client → mcpkit server over stdio",
  revisions,
  connect: (revision) =>
    connectV2(new StdioV2({ ...fixtureCommand("mcpkit-server.ts"), stderr: "ignore" }), revision),
});

defineOfficialClientSuite({
  label: "official 1.x client → mcpkit server over stdio",
  revisions,
  // The 1.x client always offers 2025-11-25; a server serving only R makes it settle on R.
  connect: (revision) =>
    connectV1(
      new StdioV1({ ...fixtureCommand("mcpkit-server.ts", "--revision", revision), stderr: "ignore" }),
    ),
});
