import { parseCommand } from "../args.js";
import { connect } from "../connect.js";
import { UsageError } from "../errors.js";
import type { Io } from "../io.js";

/** `mcpkit ping TARGET`. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { connection, rest } = parseCommand(argv);
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const connected = await connect(connection, io);
  try {
    const start = performance.now();
    const { client } = connected;
    // 2026-07-28 has no ping: server/discover is its cheapest round trip.
    if (client.era === "stateless") await client.discover();
    else await client.ping();
    const ms = performance.now() - start;
    const name = client.serverInfo?.name ?? "the server";
    io.out(`pong from ${name} in ${ms.toFixed(1)} ms (${client.revision}, ${connected.transportName()})\n`);
    return 0;
  } finally {
    await connected.close();
  }
}
