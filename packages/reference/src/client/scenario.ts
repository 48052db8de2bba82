import type { Client } from "@mcpkit/client";
import { SessionExpiredError } from "@mcpkit/transport-http";
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

/** Whether an error says the server ended the HTTP session (404), directly or as its cause. */
export function sessionExpired(error: unknown): boolean {
  return (
    error instanceof SessionExpiredError ||
    (error instanceof Error && error.cause instanceof SessionExpiredError)
  );
}

/**
 * Runs `body` with a connected client and closes it afterwards, whatever happens. When the server
 * ends the HTTP session (404), the client starts a new one, without the old id, and runs `body`
 * again (once), as a session-era client must.
 */
export async function withClient(
  run: ScenarioRun,
  options: ScenarioClientOptions,
  body: (client: Client) => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const client = await run.connect(options);
    run.log(
      `connected: ${client.era} era, revision ${client.revision}, server ${client.serverInfo?.name ?? "?"}`,
    );
    try {
      await body(client);
      return;
    } catch (error) {
      if (attempt > 1 || !sessionExpired(error)) throw error;
      run.log("the server ended the session (HTTP 404): initializing a new one");
    } finally {
      await client.close().catch(() => {});
    }
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
