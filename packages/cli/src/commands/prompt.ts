import { resolve } from "node:path";
import { keyValues, parseCommand } from "../args.js";
import { connect } from "../connect.js";
import { CliError, UsageError } from "../errors.js";
import { person } from "../interact/person.js";
import type { Io } from "../io.js";
import { type Block, FileSaver, printBlocks } from "../render/content.js";

/** `mcpkit prompt TARGET NAME [key=value ...] [--json]`. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { connection, rest, values } = parseCommand(argv, {
    json: { type: "boolean" },
    out: { type: "string" },
  });
  const [name, ...pairs] = rest;
  if (name === undefined) throw new UsageError("no prompt NAME");
  const args = Object.fromEntries(keyValues(pairs));
  // 2026-07-28 servers may ask for input on any request (an input_required round).
  const user = person(io, values["no-input"] === true, () => process.exit(130));
  const connected = await connect(connection, io, user.handlers).catch((error) => {
    user.close();
    throw error;
  });
  try {
    const { client } = connected;
    const prompts = await client.listPrompts();
    const prompt = prompts.find((p) => p.name === name);
    if (!prompt) {
      const names = prompts.map((p) => p.name).join(", ") || "no prompts";
      throw new CliError(`unknown prompt "${name}" (the server has ${names})`);
    }
    const known = new Set((prompt.arguments ?? []).map((a) => a.name));
    for (const key of Object.keys(args)) {
      if (!known.has(key))
        throw new UsageError(
          `prompt "${name}" has no argument "${key}" (it takes ${[...known].join(", ") || "none"})`,
        );
    }
    const missing = (prompt.arguments ?? [])
      .filter((a) => a.required && !(a.name in args))
      .map((a) => a.name);
    if (missing.length > 0)
      throw new UsageError(`missing required argument${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
    let result: Awaited<ReturnType<typeof client.getPrompt>>;
    try {
      result = await client.getPrompt({ name, arguments: args });
    } catch (error) {
      throw new CliError(`could not get prompt "${name}": ${(error as Error).message}`, 1, { cause: error });
    }
    if (values.json) {
      io.out(`${JSON.stringify(result, null, 2)}\n`);
      return 0;
    }
    if (result.description) io.out(`${result.description}\n\n`);
    const saver = new FileSaver(resolve(io.cwd, (values.out as string | undefined) ?? "."), name, io.cwd);
    for (const message of result.messages) {
      io.out(`${message.role}:\n`);
      const blocks = (Array.isArray(message.content) ? message.content : [message.content]) as Block[];
      printBlocks(blocks, io, saver);
    }
    return 0;
  } finally {
    user.close();
    await connected.close();
  }
}
