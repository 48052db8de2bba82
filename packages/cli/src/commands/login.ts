import { existsSync } from "node:fs";
import { parseCommand } from "../args.js";
import { connect } from "../connect.js";
import { CliError, UsageError } from "../errors.js";
import type { Io } from "../io.js";

/**
 * `mcpkit login URL`: authorizes with the server's authorization server (OAuth 2.1, PKCE, in the
 * browser with a redirect to 127.0.0.1) and keeps the tokens for later commands.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { connection, rest } = parseCommand(argv);
  const { target } = connection;
  if (target.kind !== "url") throw new UsageError("login needs the server's URL");
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const { loginProvider } = await import("../auth/providers.js");
  const { provider, callback, file } = await loginProvider(target.url, io);
  try {
    const connected = await connect(connection, io, {}, provider);
    const name = connected.client.serverInfo?.name ?? "the server";
    await connected.close();
    if (!existsSync(file)) {
      io.out(`${target.url.href} (${name}) did not ask for authorization: nothing to store\n`);
      return 0;
    }
    io.out(`logged in to ${target.url.href} (${name}); tokens kept in ${file}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`login failed: ${(error as Error).message}`, 1, { cause: error });
  } finally {
    await callback.close();
  }
}
