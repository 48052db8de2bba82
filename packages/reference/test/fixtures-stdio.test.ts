import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { fixtureSuite } from "./helpers/fixture-suite.js";
import { SERVER_JS } from "./helpers/processes.js";

// One server process per connection: stdio serves one client.
const spawnServer = async () => () =>
  new StdioClientTransport({ command: process.execPath, args: [SERVER_JS], stderr: "ignore" });

fixtureSuite("stdio", "2025-06-18", spawnServer);
fixtureSuite("stdio", "2025-11-25", spawnServer);
fixtureSuite("stdio", "2026-07-28", spawnServer);
