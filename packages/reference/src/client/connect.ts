import { fileURLToPath } from "node:url";
import { Client, type ClientOptions, LocalError, McpError, type TransportSource } from "@mcpkit/client";
import { type ClientAuthProvider, sessionRevisions, statelessRevisions } from "@mcpkit/core";
import { HttpClientTransport } from "@mcpkit/transport-http";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { WebSocketClientTransport } from "@mcpkit/transport-ws";
import type { ClientTarget } from "./cli-args.js";

const EVERYTHING_SERVER = fileURLToPath(new URL("../everything-server.js", import.meta.url));

/**
 * A transport factory for the target (a factory, so the client can reconnect after a probe),
 * with `authProvider` on the network transports when one is given.
 */
export function transportFor(target: ClientTarget, authProvider?: ClientAuthProvider): TransportSource {
  const auth = authProvider ? { authProvider } : {};
  switch (target.transport) {
    case "stdio": {
      const [command, ...args] = target.command ?? [process.execPath, EVERYTHING_SERVER];
      return () => new StdioClientTransport({ command: command as string, args, stderr: "inherit" });
    }
    case "ws":
      return () => new WebSocketClientTransport(target.url as string, auth);
    case "sse":
      return () => new HttpClientTransport(target.url as string, { mode: "legacy", ...auth });
    case "http":
      return () => new HttpClientTransport(target.url as string, auth);
  }
}

/**
 * The lifecycle the harness asks for (MCP_CONFORMANCE_PROTOCOL_VERSION): 2026-07-28 is stateless
 * (no initialize), a dated session revision is pinned, and without the variable (older harnesses)
 * the client initializes at its newest session revision.
 */
export function lifecycleFor(version: string | undefined): Pick<ClientOptions, "mode" | "revision"> {
  if (version === undefined || version === "") return { mode: "session" };
  const known: readonly string[] = [...sessionRevisions, ...statelessRevisions];
  if (!known.includes(version)) {
    throw new Error(
      `MCP_CONFORMANCE_PROTOCOL_VERSION=${version} is not a revision this client speaks (${known.join(", ")})`,
    );
  }
  return { revision: version as NonNullable<ClientOptions["revision"]> };
}

/**
 * The revision to try again with when the server refused ours with -32022 (its `data.supported`
 * lists versions): the newest it supports that this client speaks, if any.
 */
export function retryRevision(error: unknown): string | undefined {
  if (!(error instanceof LocalError) || error.code !== "version_rejected") return undefined;
  const cause = error.cause;
  if (!(cause instanceof McpError)) return undefined;
  const data = cause.data as { supported?: unknown } | undefined;
  const supported = Array.isArray(data?.supported) ? data.supported : [];
  const known: readonly string[] = [...sessionRevisions, ...statelessRevisions];
  return supported
    .filter((v): v is string => typeof v === "string" && known.includes(v))
    .sort()
    .at(-1);
}

/** A scenario's client options, and the auth provider its transport uses (auth scenarios). */
export type ScenarioClientOptions = Omit<ClientOptions, "clientInfo"> & {
  readonly authProvider?: ClientAuthProvider;
};

/**
 * Connects a client with the scenario's options. A version refusal (-32022) that names a version
 * this client speaks is retried once with that version, as the stateless era recommends.
 */
export async function connectClient(
  target: ClientTarget,
  scenarioOptions: ScenarioClientOptions,
  version: string | undefined,
  log: (message: string) => void = () => {},
): Promise<Client> {
  const { authProvider, ...options } = scenarioOptions;
  const make = (v: string | undefined) =>
    new Client({
      clientInfo: { name: "mcpkit-conformance-client", version: "0.1.0" },
      ...lifecycleFor(v),
      ...options,
    });
  const client = make(version);
  try {
    await client.connect(transportFor(target, authProvider));
    return client;
  } catch (error) {
    const retry = retryRevision(error);
    await client.close().catch(() => {});
    if (retry === undefined) throw error;
    log(`the server refused the version (${(error as Error).message}); retrying with ${retry}`);
    const second = make(retry);
    await second.connect(transportFor(target, authProvider));
    return second;
  }
}
