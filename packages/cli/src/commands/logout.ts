import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseTarget } from "../args.js";
import { tokenFile, tokensDir } from "../auth/token-files.js";
import { UsageError } from "../errors.js";
import type { Io } from "../io.js";

/** `mcpkit logout URL` forgets one server's tokens; `mcpkit logout --all` every server's. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [first, extra] = argv;
  if (first === undefined) throw new UsageError("name the server's URL, or --all");
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if (first === "--all") {
    let removed = 0;
    let names: string[] = [];
    try {
      names = readdirSync(tokensDir()).filter((name) => name.endsWith(".json"));
    } catch {
      // no tokens directory: nothing stored
    }
    for (const name of names) {
      rmSync(join(tokensDir(), name), { force: true });
      removed++;
    }
    io.out(`forgot the tokens of ${removed} server${removed === 1 ? "" : "s"}\n`);
    return 0;
  }
  const target = parseTarget(first);
  if (target.kind !== "url") throw new UsageError("logout needs the server's URL, or --all");
  const file = tokenFile(target.url);
  let existed = true;
  try {
    rmSync(file);
  } catch {
    existed = false;
  }
  io.out(existed ? `logged out of ${target.url.href}\n` : `no tokens were kept for ${target.url.href}\n`);
  return 0;
}
