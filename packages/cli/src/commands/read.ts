import { resolve } from "node:path";
import { parseCommand } from "../args.js";
import { connect } from "../connect.js";
import { CliError, UsageError } from "../errors.js";
import type { Io } from "../io.js";
import { FileSaver } from "../render/content.js";

/** `mcpkit read TARGET URI [--json]`. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { connection, rest, values } = parseCommand(argv, {
    json: { type: "boolean" },
    out: { type: "string" },
  });
  const [uri, extra] = rest;
  if (uri === undefined) throw new UsageError("no URI to read");
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  const connected = await connect(connection, io);
  try {
    let result: Awaited<ReturnType<typeof connected.client.readResource>>;
    try {
      result = await connected.client.readResource(uri);
    } catch (error) {
      throw new CliError(`could not read ${uri}: ${(error as Error).message}`, 1, { cause: error });
    }
    if (values.json) {
      io.out(`${JSON.stringify(result, null, 2)}\n`);
      return 0;
    }
    const saver = new FileSaver(
      resolve(io.cwd, (values.out as string | undefined) ?? "."),
      "resource",
      io.cwd,
    );
    const many = result.contents.length > 1;
    for (const part of result.contents) {
      if (many) io.out(`[${part.uri}${part.mimeType ? ` (${part.mimeType})` : ""}]\n`);
      if ("text" in part) io.out(part.text.endsWith("\n") ? part.text : `${part.text}\n`);
      else {
        const saved = saver.save(part.blob, part.mimeType);
        io.out(`[${part.mimeType ?? "binary"}, ${saved.bytes} bytes, saved to ${saved.path}]\n`);
      }
    }
    return 0;
  } finally {
    await connected.close();
  }
}
