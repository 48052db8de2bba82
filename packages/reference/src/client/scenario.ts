import type { Client } from "@mcpkit/client";
import type { ClientTarget } from "./cli-args.js";
import type { ScenarioClientOptions } from "./connect.js";

/** One run of a client scenario: the target, the harness's context, and a way to connect. */
export interface ScenarioRun {
  readonly name: string;
  readonly target: ClientTarget;
  /** MCP_CONFORMANCE_PROTOCOL_VERSION, when the harness set it. */
  readonly version: string | undefined;
  /** MCP_CONFORMANCE_CONTEXT, parsed (empty when absent). */
  readonly context: Readonly<Record<string, unknown>>;
  /** Connects a client (the lifecycle follows `version`; these options are merged in). */
  connect(options?: ScenarioClientOptions): Promise<Client>;
  /** A line for the harness's stdout capture. */
  log(message: string): void;
}

/** A client scenario: does what the harness expects, and throws if it cannot. */
export type Scenario = (run: ScenarioRun) => Promise<void>;

/** A scenario's failure that is the server's fault or the scenario's premise (exit 1 with this message). */
export class ScenarioError extends Error {}

/**
 * Runs `body` with a connected client and closes it afterwards, whatever happens. When the server
 * ends the HTTP session (404), the client itself initializes a new one, without the old id, and
 * sends the refused request again (its `reconnect` healing, on by default).
 */
export async function withClient(
  run: ScenarioRun,
  options: ScenarioClientOptions,
  body: (client: Client) => Promise<void>,
): Promise<void> {
  const client = await run.connect(options);
  run.log(
    `connected: ${client.era} era, revision ${client.revision}, server ${client.serverInfo?.name ?? "?"}`,
  );
  client.on("connectionLost", ({ reason }) => {
    if (reason === "session_expired")
      run.log("the server ended the session (HTTP 404): initializing a new one");
  });
  try {
    await body(client);
  } finally {
    await client.close().catch(() => {});
  }
}

/** Calls a tool and logs the first text of its answer; a tool error fails the scenario. */
export async function callAndLog(
  run: ScenarioRun,
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<void> {
  const result = await client.callTool({ name, arguments: args });
  const first = result.content[0];
  const said = first?.type === "text" ? first.text : JSON.stringify(first);
  run.log(`${name} -> ${result.isError ? "error: " : ""}${said}`);
  if (result.isError) throw new ScenarioError(`${name} answered with a tool error: ${said}`);
}
