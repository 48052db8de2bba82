import type { LoggingLevel } from "@mcpkit/client";
import { parseCommand } from "../args.js";
import { connect } from "../connect.js";
import { CliError } from "../errors.js";
import type { Io } from "../io.js";
import { onInterrupt } from "../interrupt.js";

const LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

/** `mcpkit listen TARGET [URI ...] [--json] [--level LEVEL]`: until Ctrl-C or the server goes away. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const {
    connection,
    rest: uris,
    values,
  } = parseCommand(argv, {
    json: { type: "boolean" },
    level: { type: "string" },
  });
  const level = values.level as string | undefined;
  if (level !== undefined && !LEVELS.includes(level))
    throw new CliError(`--level: unknown level "${level}" (${LEVELS.join(", ")})`, 2);
  const connected = await connect(connection, io);
  const { client } = connected;
  const print = (kind: string, params: object) => {
    if (values.json) io.out(`${JSON.stringify({ time: new Date().toISOString(), kind, ...params })}\n`);
    else io.out(`${new Date().toISOString().slice(11, 23)} ${kind} ${describe(kind, params)}\n`);
  };
  const stops = [
    client.on("log", (p) => print("log", p)),
    client.on("toolsChanged", () => print("tools/list_changed", {})),
    client.on("promptsChanged", () => print("prompts/list_changed", {})),
    client.on("resourcesChanged", () => print("resources/list_changed", {})),
    client.on("resourceUpdated", (p) => print("resources/updated", p)),
    client.on("progress", (p) => print("progress", p)),
  ];
  let closeStream: (() => void) | undefined;
  const ended = new Promise<string>((done) => {
    const stopInterrupt = onInterrupt(() => done("interrupted"));
    stops.push(stopInterrupt);
    stops.push(
      client.on("close", ({ error }) => done(error ? `the connection closed: ${error.message}` : "closed")),
    );
  });
  try {
    if (level !== undefined && client.era === "session") await client.setLoggingLevel(level as LoggingLevel);
    if (client.era === "session") {
      for (const uri of uris) await client.subscribeResource(uri);
    } else {
      const subscription = client.listen({
        toolsListChanged: true,
        promptsListChanged: true,
        resourcesListChanged: true,
        ...(uris.length > 0 && { resourceSubscriptions: [...uris] }),
      });
      closeStream = () => subscription.close();
      await subscription.acknowledged;
    }
    io.err(`listening to ${client.serverInfo?.name ?? "the server"} (${client.revision}); Ctrl-C to stop\n`);
    const why = await ended;
    if (why !== "interrupted") throw new CliError(why);
    return 0;
  } finally {
    for (const stop of stops) stop();
    closeStream?.();
    await connected.close();
  }
}

function describe(kind: string, params: object): string {
  const p = params as Record<string, unknown>;
  if (kind === "log") {
    const data = typeof p.data === "string" ? p.data : JSON.stringify(p.data);
    return `[${p.level}]${p.logger ? ` ${p.logger}:` : ""} ${data}`;
  }
  if (kind === "resources/updated") return String(p.uri);
  if (kind === "progress")
    return `${p.progress}${p.total !== undefined ? `/${p.total}` : ""} ${p.message ?? ""}`.trim();
  return "";
}
