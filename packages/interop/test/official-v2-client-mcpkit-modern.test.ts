/** The official 2.x client, pinned to 2026-07-28, against mcpkit's server over stdio. */
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { defineOfficialClientSuite } from "./support/official-client-suite.js";
import { connectV2 } from "./support/official-clients.js";
import { fixtureCommand } from "./support/paths.js";

defineOfficialClientSuite({
  label: "official 2.x client → mcpkit server over stdio",
  revisions: ["2026-07-28"],
  connect: (revision) =>
    connectV2(
      new StdioClientTransport({ ...fixtureCommand("mcpkit-server.ts"), stderr: "ignore" }),
      revision,
    ),
});
