// A transport that fails the era probe with an HTTP status (what the HTTP transports'
// HttpStatusError carries) that says nothing about the era: connect reports that error as is.
import type { JsonRpcPayload } from "@mcpkit/core";
import { expect, it } from "vitest";
import { Client, ClientError } from "../src/index.js";
import { ScriptedTransport } from "./helpers/raw-peer.js";

/** An error shaped as the HTTP transports' HttpStatusError (the client imports no transport). */
class StatusError extends Error {
  constructor(readonly status: number) {
    super(`the server answered HTTP ${status}`);
  }
}

/** Refuses the methods in `refusals` with their status; answers nothing else. */
class RefusingTransport extends ScriptedTransport {
  readonly asked: string[] = [];

  constructor(private readonly refusals: Record<string, number>) {
    super();
  }

  override async send(payload: JsonRpcPayload): Promise<void> {
    const method = (payload as { method?: string }).method ?? "";
    this.asked.push(method);
    const status = this.refusals[method];
    if (status !== undefined) throw new StatusError(status);
    return super.send(payload);
  }
}

const clientInfo = { name: "t", version: "1" };

for (const status of [401, 403, 429, 500]) {
  it(`a ${status} to the probe is what connect rejects with; no initialize follows`, async () => {
    const transport = new RefusingTransport({ "server/discover": status, initialize: status });
    const error = await new Client({ clientInfo }).connect(transport).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatusError);
    expect((error as StatusError).status).toBe(status);
    expect(transport.asked).toEqual(["server/discover"]);
  });
}

it("a 400 to the probe falls back to initialize; a 401 there is what connect rejects with", async () => {
  const transport = new RefusingTransport({ "server/discover": 400, initialize: 401 });
  const error = await new Client({ clientInfo }).connect(transport).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StatusError);
  expect(error).not.toBeInstanceOf(ClientError);
  expect((error as StatusError).status).toBe(401);
});
