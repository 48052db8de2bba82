import { resolve } from "node:path";
import { LocalError } from "@mcpkit/client";
import { keyValues, parseCommand } from "../args.js";
import { connect } from "../connect.js";
import { CliError, UsageError } from "../errors.js";
import { person } from "../interact/person.js";
import type { Io } from "../io.js";
import { type Block, FileSaver, printBlocks, repeatsStructured } from "../render/content.js";
import { ProgressView } from "../render/progress.js";
import type { ObjectSchema } from "../render/schema-summary.js";
import { buildArguments } from "../schema-args.js";
import { onInterrupt } from "../interrupt.js";

/** `mcpkit call TARGET TOOL [key=value ...] [--json ARGS]`. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { connection, rest, values } = parseCommand(argv, {
    json: { type: "string" },
    out: { type: "string" },
    raw: { type: "boolean" },
    "no-input": { type: "boolean" },
  });
  const [name, ...pairs] = rest;
  if (name === undefined) throw new UsageError("no TOOL to call");
  const kv = keyValues(pairs);
  const cancel = new AbortController();
  const progress = new ProgressView(io);
  const user = person(
    io,
    values["no-input"] === true,
    () => cancel.abort(),
    () => progress.keep(),
  );
  const stopInterrupt = onInterrupt(() => cancel.abort());
  const connected = await connect(connection, io, user.handlers, undefined, cancel.signal).catch((error) => {
    stopInterrupt();
    user.close();
    throw error;
  });
  try {
    const { client } = connected;
    let tools: Awaited<ReturnType<typeof client.listTools>>;
    try {
      tools = await client.listTools({ signal: cancel.signal });
    } catch (error) {
      if (cancel.signal.aborted) throw new CliError("cancelled", 130);
      throw new CliError(`could not list the tools: ${(error as Error).message}`, 1, { cause: error });
    }
    const tool = tools.find((t) => t.name === name);
    if (!tool)
      throw new CliError(`unknown tool "${name}" (the server has ${toolNames(tools.map((t) => t.name))})`);
    const args = buildArguments(
      tool.inputSchema as ObjectSchema,
      kv,
      values.json as string | undefined,
      `tool "${name}"`,
    );
    let result: Awaited<ReturnType<typeof client.callTool>>;
    progress.start(`calling ${name}...`);
    try {
      result = await client.callTool(
        { name, arguments: args },
        { signal: cancel.signal, onProgress: (report) => progress.update(report) },
      );
    } catch (error) {
      progress.clear();
      if (cancel.signal.aborted) throw new CliError("cancelled", 130);
      if (error instanceof LocalError && error.code === "cancelled") throw new CliError("cancelled", 130);
      throw new CliError(`the call failed: ${(error as Error).message}`, 1, { cause: error });
    }
    progress.clear();
    if (values.raw) io.out(`${JSON.stringify(result, null, 2)}\n`);
    else {
      const saver = new FileSaver(resolve(io.cwd, (values.out as string | undefined) ?? "."), name, io.cwd);
      const structured = result.structuredContent;
      const blocks = (result.content as Block[]).filter(
        (b) => structured === undefined || !repeatsStructured(b, structured),
      );
      printBlocks(blocks, io, saver);
      if (structured !== undefined) io.out(`${JSON.stringify(structured, null, 2)}\n`);
    }
    if (result.isError) {
      io.err(`mcpkit: the tool "${name}" reported an error\n`);
      return 1;
    }
    return 0;
  } finally {
    stopInterrupt();
    user.close();
    await connected.close();
  }
}

function toolNames(names: string[]): string {
  if (names.length === 0) return "no tools";
  const shown = names.slice(0, 8).join(", ");
  return names.length > 8 ? `${names.length} tools: ${shown}, ...` : `${shown}`;
}
