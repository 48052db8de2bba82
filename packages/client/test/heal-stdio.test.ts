// The client restarts a stdio server that died (issue 24, `reconnect.connectionLost`): real child
// processes, killed during a call; the client spawns a new one through its factory, initializes
// again, and sends again only the call that is safe to repeat. The dying process's stderr is kept.
import { fileURLToPath } from "node:url";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { afterEach, describe, expect, it } from "vitest";
import { Client, type ClientOptions, LocalError } from "../src/index.js";
import { RecordingLogger } from "./helpers/recording-logger.js";

const SERVER = fileURLToPath(new URL("./fixtures/stdio-server.mjs", import.meta.url));
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** A client whose factory starts the generations given, in turn (the last one again after that). */
async function connect(
  generations: string[],
  options: Partial<ClientOptions> = {},
  transportLogger?: RecordingLogger,
) {
  const transports: StdioClientTransport[] = [];
  const stderr: string[] = [];
  const events: string[] = [];
  const client = new Client({
    clientInfo: { name: "c", version: "1" },
    mode: "session",
    reconnect: { connectionLost: true, initialDelayMs: 10, maxAttempts: 3 },
    ...options,
  });
  clients.push(client);
  client.on("connectionLost", ({ reason }) => events.push(`connectionLost ${reason}`));
  client.on("reconnecting", ({ attempt }) => events.push(`reconnecting ${attempt}`));
  client.on("reconnected", ({ attempt }) => events.push(`reconnected ${attempt}`));
  client.on("reconnectFailed", () => events.push("reconnectFailed"));
  client.on("close", () => events.push("close"));
  await client.connect(() => {
    const generation = generations[Math.min(transports.length, generations.length - 1)] ?? "1";
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER, generation],
      stderr: (line) => stderr.push(line),
      ...(transportLogger ? { logger: transportLogger } : {}),
    });
    transports.push(transport);
    return transport;
  });
  return { client, transports, stderr, events };
}

function next(client: Client, event: "reconnected" | "close"): Promise<void> {
  return new Promise((resolve) => {
    const stop = client.on(event, () => {
      stop();
      resolve();
    });
  });
}

describe("a stdio server that dies", () => {
  it("killed during an idempotent call: a new process answers it once", async () => {
    const { client, transports, events } = await connect(["1", "2"]);
    await client.listTools();
    const progress: string[] = [];
    let stalling!: () => void;
    const stalled = new Promise<void>((resolve) => {
      stalling = resolve;
    });
    const call = client.callTool(
      { name: "stall" },
      {
        onProgress: ({ message }) => {
          progress.push(message ?? "");
          stalling();
        },
      },
    );
    await stalled;
    const pid = transports[0]?.pid;
    if (pid === undefined) throw new Error("the first server has no pid");
    process.kill(pid, "SIGKILL");
    expect(await call).toMatchObject({ content: [{ type: "text", text: "answered by generation 2" }] });
    expect(progress).toEqual(["stalling in generation 1", "stalling in generation 2"]);
    expect(events).toEqual(["connectionLost connection_lost", "reconnecting 1", "reconnected 1"]);
    expect(client.serverInfo).toMatchObject({ version: "2" });
    expect(transports).toHaveLength(2);
  });

  it("a call that crashed it is not sent again; its error keeps the server's last stderr", async () => {
    const { client, transports, stderr } = await connect(["1", "2"]);
    const reconnected = next(client, "reconnected");
    const error = await client.callTool({ name: "crash" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({ code: "connection_closed" });
    expect(((error as Error).cause as Error).message).toBe(
      `the server "${process.execPath.split(/[\\/]/).pop()}" exited with code 3; its stderr ended with:\n  about to crash`,
    );
    await reconnected;
    expect((await client.callTool({ name: "count" })).content).toEqual([
      { type: "text", text: "1 in generation 2" },
    ]);
    expect(stderr).toEqual(["about to crash"]);
    expect(transports).toHaveLength(2);
  });

  it("restarts are bounded: after maxAttempts failures the client closes, saying why", async () => {
    const { client, transports, events } = await connect(["1", "broken"]);
    const failed = new Promise<Error>((resolve) =>
      client.on("reconnectFailed", ({ error }) => resolve(error)),
    );
    const closed = next(client, "close");
    await client.callTool({ name: "crash" }).catch(() => {});
    const error = await failed;
    await closed;
    expect(error.message).toMatch(
      /^reconnecting failed after 3 attempts: .*exited with code 2; its stderr ended with:\n {2}config file missing$/s,
    );
    expect(events).toEqual([
      "connectionLost connection_lost",
      "reconnecting 1",
      "reconnecting 2",
      "reconnecting 3",
      "reconnectFailed",
      "close",
    ]);
    expect(transports).toHaveLength(4);
    // Closed for good: a later request fails at once, with no further attempt.
    await expect(client.listTools()).rejects.toMatchObject({ code: "connection_closed" });
    expect(transports).toHaveLength(4);
    expect(events.at(-1)).toBe("close");
  });

  it("the loggers hear the exit (with its stderr) and each step of the healing", async () => {
    const logger = new RecordingLogger();
    const transportLogger = new RecordingLogger();
    const { client } = await connect(["1", "2"], { logger }, transportLogger);
    const reconnected = next(client, "reconnected");
    await client.callTool({ name: "crash" }).catch(() => {});
    await reconnected;
    const exit = `the server "${process.execPath.split(/[\\/]/).pop()}" exited with code 3; its stderr ended with:\n  about to crash`;
    expect(transportLogger.lines).toEqual([`warn ${exit}`]);
    expect(transportLogger.entries[0]?.fields).toMatchObject({ code: 3, signal: null });
    expect(logger.lines).toEqual([
      "warn the connection was lost (connection_lost)",
      "info reconnecting (attempt 1)",
      "info reconnected (attempt 1)",
    ]);
    expect(logger.entries.map((e) => e.fields)).toEqual([
      { reason: "connection_lost" },
      { reason: "connection_lost", attempt: 1 },
      { reason: "connection_lost", attempt: 1, revision: client.revision },
    ]);
  });

  it("connected with a transport instance: it is started again through the transport's reopen()", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER, "1"],
      stderr: "ignore",
    });
    const client = new Client({
      clientInfo: { name: "c", version: "1" },
      mode: "session",
      reconnect: { connectionLost: true, initialDelayMs: 10 },
    });
    clients.push(client);
    await client.connect(transport);
    const reconnected = next(client, "reconnected");
    const pid = transport.pid;
    if (pid === undefined) throw new Error("the server has no pid");
    process.kill(pid, "SIGKILL");
    await reconnected;
    // The same command and arguments: generation "1" again, in a new process.
    expect((await client.callTool({ name: "count" })).content).toEqual([
      { type: "text", text: "1 in generation 1" },
    ]);
    expect(transport.exitStatus).toEqual({ code: null, signal: "SIGKILL" });
  });
});
