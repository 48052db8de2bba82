// The health check (issue 24): a stdio server that stops answering (its process frozen with
// SIGSTOP) is found dead by an unanswered ping; the client closes it and starts a new one.
import { fileURLToPath } from "node:url";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { afterEach, describe, expect, it } from "vitest";
import { Client, type ClientEvents, type ClientOptions } from "../src/index.js";

const SERVER = fileURLToPath(new URL("./fixtures/stdio-server.mjs", import.meta.url));
const clients: Client[] = [];
const frozen: number[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  // The client's close SIGKILLs a frozen server; one left over (a failed test) is killed here.
  for (const pid of frozen.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

async function connect(options: Partial<ClientOptions>) {
  const transports: StdioClientTransport[] = [];
  const events: string[] = [];
  const client = new Client({ clientInfo: { name: "c", version: "1" }, mode: "session", ...options });
  clients.push(client);
  client.on("connectionLost", ({ reason, error }) =>
    events.push(`connectionLost ${reason} ${error?.message}`),
  );
  client.on("reconnected", ({ attempt }) => events.push(`reconnected ${attempt}`));
  client.on("close", () => events.push("close"));
  await client.connect(() => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER, String(transports.length + 1)],
      stderr: "ignore",
      // A frozen process cannot exit on its own: SIGKILL comes soon.
      stdinGraceMs: 50,
      sigtermGraceMs: 50,
    });
    transports.push(transport);
    return transport;
  });
  return { client, transports, events };
}

function freeze(transport: StdioClientTransport | undefined): void {
  const pid = transport?.pid;
  if (pid === undefined) throw new Error("the server has no pid");
  frozen.push(pid);
  process.kill(pid, "SIGSTOP");
}

function next<K extends keyof ClientEvents>(client: Client, event: K): Promise<ClientEvents[K]> {
  return new Promise((resolve) => {
    const stop = client.on(event, (value) => {
      stop();
      resolve(value);
    });
  });
}

describe("the health check", () => {
  it("an unanswered ping closes the frozen server and connects to a new one", async () => {
    const { client, transports, events } = await connect({
      healthCheck: { intervalMs: 20, timeoutMs: 2000 },
    });
    const reconnected = next(client, "reconnected");
    freeze(transports[0]);
    await reconnected;
    expect(events).toEqual([
      "connectionLost unhealthy the server did not answer a ping within 2000 ms",
      "reconnected 1",
    ]);
    expect(transports[0]?.exitStatus).toEqual({ code: null, signal: "SIGKILL" });
    expect(client.serverInfo).toMatchObject({ version: "2" });
    expect((await client.callTool({ name: "count" })).content).toEqual([
      { type: "text", text: "1 in generation 2" },
    ]);
  });

  it("with reconnect: false an unanswered ping closes the client", async () => {
    const { client, transports, events } = await connect({
      healthCheck: { intervalMs: 20, timeoutMs: 2000 },
      reconnect: false,
    });
    const closed = next(client, "close");
    freeze(transports[0]);
    expect((await closed).error?.message).toBe("the server did not answer a ping within 2000 ms");
    expect(events).toEqual([
      "connectionLost unhealthy the server did not answer a ping within 2000 ms",
      "close",
    ]);
    expect(transports).toHaveLength(1);
    await expect(client.ping()).rejects.toMatchObject({ code: "connection_closed" });
  });

  it("refuses a bad interval or timeout when the client is made", () => {
    const make = (healthCheck: { intervalMs: number; timeoutMs?: number }) => () =>
      new Client({ clientInfo: { name: "c", version: "1" }, healthCheck });
    expect(make({ intervalMs: 0 })).toThrow(
      new RangeError("healthCheck.intervalMs must be a finite number > 0 (got 0)"),
    );
    expect(make({ intervalMs: 10, timeoutMs: Number.NaN })).toThrow(
      new RangeError("healthCheck.timeoutMs must be a finite number > 0 (got NaN)"),
    );
  });
});
