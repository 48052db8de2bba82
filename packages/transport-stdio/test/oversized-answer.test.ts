import { PassThrough } from "node:stream";
import { Connection, LocalError, SessionClientEra, SessionServerEra } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { StdioClientTransport, StreamTransport } from "../src/index.js";
import { fixture } from "./helpers.js";

const open: Connection[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

/** A client engine on a child that answers each request as its params ask (fixtures/big-answer.mjs). */
async function clientOfBigAnswers(maxMessageBytes: number): Promise<Connection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixture("big-answer.mjs")],
    stderr: "ignore",
    maxMessageBytes,
  });
  const era = new SessionClientEra({ clientInfo: { name: "test", version: "1.0.0" } });
  const connection = new Connection({ era });
  open.push(connection);
  await connection.connect(transport);
  return connection;
}

/** The size of the line the fixture writes for a `pad` answer. */
function answerBytes(id: number, pad: number): number {
  return JSON.stringify({ jsonrpc: "2.0", id, result: { pad: "x".repeat(pad) } }).length;
}

// Before: the line was dropped and the request waited for its timeout (here 3 s, by default 60 s).
describe("an answer over maxMessageBytes (stdio)", () => {
  it("fails the request it answers at once with message_too_large naming the limit", async () => {
    const connection = await clientOfBigAnswers(1024);
    const error = await connection
      .request("ping", { pad: 5000 }, { timeoutMs: 3000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "message_too_large",
      message: `The answer to ping (id 1) was dropped: a message of ${answerBytes(1, 5000)} bytes is over the limit of 1024 bytes (maxMessageBytes)`,
    });
    // The transport and the connection go on.
    await expect(connection.request("ping", {}, { timeoutMs: 3000 })).resolves.toEqual({});
  });

  it("finds the id after the result too, in a line read in many chunks, and spares the other request in flight", async () => {
    const connection = await clientOfBigAnswers(1024);
    const small = connection.request("ping", {}, { timeoutMs: 3000 });
    const big = connection.request("ping", { pad: 300_000, idLast: true }, { timeoutMs: 3000 });
    await expect(big).rejects.toMatchObject({
      code: "message_too_large",
      message: expect.stringMatching(
        /^The answer to ping \(id 2\) was dropped: a message of \d+ bytes is over the limit of 1024 bytes \(maxMessageBytes\)$/,
      ),
    });
    await expect(small).resolves.toEqual({});
    expect(connection.diagnostics().pendingRequests).toBe(0);
  });

  it("does the same on the server side, for a request the server made", async () => {
    const fromClient = new PassThrough();
    const toClient = new PassThrough();
    const era = new SessionServerEra({ serverInfo: { name: "s", version: "1.0.0" }, capabilities: {} });
    const connection = new Connection({ era });
    open.push(connection);
    await connection.connect(
      new StreamTransport({ input: fromClient, output: toClient, maxMessageBytes: 1024 }),
    );
    const asked = connection.request("ping", undefined, { timeoutMs: 3000 });
    const line = await new Promise<string>((resolve) =>
      toClient.once("data", (chunk: Buffer) => resolve(chunk.toString())),
    );
    const { id } = JSON.parse(line) as { id: number };
    const answer = JSON.stringify({ jsonrpc: "2.0", id, result: { pad: "x".repeat(2000) } });
    fromClient.write(`${answer}\n`);
    await expect(asked).rejects.toMatchObject({
      code: "message_too_large",
      message: `The answer to ping (id ${id}) was dropped: a message of ${answer.length} bytes is over the limit of 1024 bytes (maxMessageBytes)`,
    });
  });
});
