import { keyValues, parseCommand } from "../args.js";
import { connect } from "../connect.js";
import { CliError, UsageError } from "../errors.js";
import type { Io } from "../io.js";

/** `mcpkit complete TARGET (prompt:NAME | resource:TEMPLATE) ARGUMENT=PARTIAL [--context k=v ...]`. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { connection, rest, values } = parseCommand(argv, {
    json: { type: "boolean" },
    context: { type: "string", multiple: true },
  });
  const [refText, pair, extra] = rest;
  if (refText === undefined) throw new UsageError("no REF: give prompt:NAME or resource:URI-TEMPLATE");
  if (pair === undefined) throw new UsageError("no ARGUMENT=PARTIAL to complete");
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  const ref = refText.startsWith("prompt:")
    ? ({ type: "ref/prompt", name: refText.slice(7) } as const)
    : refText.startsWith("resource:")
      ? ({ type: "ref/resource", uri: refText.slice(9) } as const)
      : undefined;
  if (!ref) throw new UsageError(`REF must start with prompt: or resource:, got "${refText}"`);
  const [[name, value] = ["", ""]] = keyValues([pair]);
  const context = Object.fromEntries(keyValues((values.context as string[] | undefined) ?? []));
  const connected = await connect(connection, io);
  try {
    let result: Awaited<ReturnType<typeof connected.client.complete>>;
    try {
      result = await connected.client.complete({
        ref,
        argument: { name, value },
        ...(Object.keys(context).length > 0 && { context: { arguments: context } }),
      });
    } catch (error) {
      throw new CliError(`could not complete: ${(error as Error).message}`, 1, { cause: error });
    }
    if (values.json) io.out(`${JSON.stringify(result, null, 2)}\n`);
    else {
      for (const v of result.completion.values) io.out(`${v}\n`);
      if (result.completion.hasMore) {
        const total = result.completion.total !== undefined ? ` of ${result.completion.total}` : "";
        io.err(`(${result.completion.values.length}${total} shown; more exist)\n`);
      }
    }
    return 0;
  } finally {
    await connected.close();
  }
}
