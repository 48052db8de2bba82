import { resolve } from "node:path";
import { parseCommand } from "../args.js";
import { connect } from "../connect.js";
import { CliError, UsageError } from "../errors.js";
import { person } from "../interact/person.js";
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
  // 2026-07-28 servers may ask for input on any request (an input_required round).
  const user = person(io, values["no-input"] === true, () => process.exit(130));
  const connected = await connect(connection, io, user.handlers).catch((error) => {
    user.close();
    throw error;
  });
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
    const dir = resolve(io.cwd, (values.out as string | undefined) ?? ".");
    const many = result.contents.length > 1;
    for (const part of result.contents) {
      if (many) io.out(`[${part.uri}${part.mimeType ? ` (${part.mimeType})` : ""}]\n`);
      if ("text" in part) io.out(part.text.endsWith("\n") ? part.text : `${part.text}\n`);
      else {
        const saved = new FileSaver(dir, stemOf(part.uri), io.cwd).save(part.blob, part.mimeType);
        io.out(`[${part.mimeType ?? "binary"}, ${saved.bytes} bytes, saved to ${saved.path}]\n`);
      }
    }
    return 0;
  } finally {
    user.close();
    await connected.close();
  }
}

/** A file name stem from a resource URI: its last path segment (`test://static-binary` -> `static-binary`). */
function stemOf(uri: string): string {
  const last =
    uri
      .split(/[/:?#]/)
      .filter(Boolean)
      .at(-1) ?? "resource";
  return last.replace(/\.[^.]*$/, "") || "resource";
}
