import { describe, expect, it } from "vitest";
import {
  LocalError,
  MetaKey,
  missingClientCapability,
  RequestStateSealer,
  requestWithInputRounds,
  StatelessServerEra,
} from "../src/index.js";
import { envelope, serverInfo, statelessPair } from "./helpers/fixtures.js";
import { withRawPeer } from "./helpers/raw-peer.js";

const askName = {
  method: "elicitation/create",
  params: {
    mode: "form",
    message: "Your name?",
    requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  },
};
const served = { [MetaKey.serverInfo]: serverInfo };

describe("input-required rounds, end to end", () => {
  it("retries with a new id, carrying inputResponses and the sealed state, until complete", async () => {
    const { client, server } = await statelessPair({ clientCapabilities: { elicitation: {} } });
    const seen: unknown[] = [];
    server.setRequestHandler("tools/call", async (_params, ctx) => {
      const input = ctx.input;
      if (!input) throw new Error("no input round");
      seen.push({ id: ctx.requestId, responses: input.responses, state: input.state });
      if (!input.responses) return input.inputRequired({ who: askName }, { round: 1 });
      const round = (input.state as { round: number }).round;
      if (round === 1) return input.inputRequired({ again: askName }, { round: 2 });
      const answer = input.responses.again as { content: { name: string } };
      const name = answer.content.name;
      return { content: [{ type: "text", text: `hello ${name}` }] };
    });
    const fulfilled: unknown[] = [];
    const result = await requestWithInputRounds(
      client,
      "tools/call",
      { name: "greet" },
      {
        fulfil: async (requests, round) => {
          fulfilled.push({
            round,
            keys: Object.keys(requests),
            method: requests[Object.keys(requests)[0] ?? ""]?.method,
          });
          const key = Object.keys(requests)[0] ?? "";
          return { [key]: { action: "accept", content: { name: `Ada${round}` } } };
        },
      },
    );
    expect(result).toEqual({
      content: [{ type: "text", text: "hello Ada2" }],
      resultType: "complete",
      _meta: served,
    });
    expect(fulfilled).toEqual([
      { round: 1, keys: ["who"], method: "elicitation/create" },
      { round: 2, keys: ["again"], method: "elicitation/create" },
    ]);
    expect(seen).toEqual([
      { id: 1, responses: undefined, state: undefined },
      { id: 2, responses: { who: { action: "accept", content: { name: "Ada1" } } }, state: { round: 1 } },
      { id: 3, responses: { again: { action: "accept", content: { name: "Ada2" } } }, state: { round: 2 } },
    ]);
  });

  it("gives up after maxRounds with LocalError('input_rounds_exceeded')", async () => {
    const { client, server } = await statelessPair({ clientCapabilities: { elicitation: {} } });
    let calls = 0;
    server.setRequestHandler("tools/call", (_params, ctx) => {
      calls++;
      return (ctx.input as NonNullable<typeof ctx.input>).inputRequired({ q: askName }, calls);
    });
    const error = await requestWithInputRounds(
      client,
      "tools/call",
      { name: "forever" },
      { maxRounds: 3, fulfil: async () => ({ q: { action: "decline" } }) },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "input_rounds_exceeded",
      message: "tools/call still required input after 3 rounds",
    });
    expect(calls).toBe(3);
  });

  it("stops between rounds when the signal aborts", async () => {
    const { client, server } = await statelessPair({ clientCapabilities: { elicitation: {} } });
    server.setRequestHandler("tools/call", (_params, ctx) =>
      (ctx.input as NonNullable<typeof ctx.input>).inputRequired({ q: askName }, 1),
    );
    const controller = new AbortController();
    const error = await requestWithInputRounds(
      client,
      "tools/call",
      { name: "t" },
      {
        signal: controller.signal,
        fulfil: async () => {
          controller.abort("user left");
          return { q: { action: "cancel" } };
        },
      },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "cancelled",
      message: "tools/call was cancelled between input rounds",
    });
  });
});

describe("input-required rounds on the wire (raw client)", () => {
  const secret = "a raw test secret, long enough";

  async function setup() {
    const era = new StatelessServerEra({ serverInfo, capabilities: { tools: {} }, requestState: { secret } });
    const raw = await withRawPeer({ era });
    raw.connection.setRequestHandler("tools/call", (_params, ctx) => {
      const input = ctx.input as NonNullable<typeof ctx.input>;
      if (input.state === undefined) return input.inputRequired({ who: askName }, { admin: false });
      return { content: [{ type: "text", text: JSON.stringify(input.state) }] };
    });
    return raw;
  }

  it("answers input_required with inputRequests and a sealed requestState", async () => {
    const { peer } = await setup();
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { _meta: envelope({ elicitation: {} }), name: "t" },
    });
    const answer = (await peer.next()) as { result: { requestState: string } };
    expect(answer).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: {
        resultType: "input_required",
        inputRequests: { who: askName },
        requestState: expect.any(String),
        _meta: served,
      },
    });
    await expect(
      new RequestStateSealer({ secret }).unseal(answer.result.requestState, "tools/call t"),
    ).resolves.toEqual({
      admin: false,
    });
  });

  it("refuses a tampered requestState with -32602, clearly", async () => {
    const { peer } = await setup();
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { _meta: envelope({ elicitation: {} }), name: "t" },
    });
    const { result } = (await peer.next()) as { result: { requestState: string } };
    const [version, , tag] = result.requestState.split(".");
    const forged = btoa(JSON.stringify({ b: "tools/call t", e: Date.now() + 60_000, s: { admin: true } }))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    peer.send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: {
        _meta: envelope({ elicitation: {} }),
        name: "t",
        requestState: `${version}.${forged}.${tag}`,
        inputResponses: {},
      },
    });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 2,
      error: {
        code: -32602,
        message:
          "Invalid params: requestState failed verification (it was altered, or sealed by another server)",
        data: { pointer: "/params/requestState", reason: "tampered" },
      },
    });
    // Replayed against another tool, the genuine state is refused too.
    peer.send({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { _meta: envelope({ elicitation: {} }), name: "other", requestState: result.requestState },
    });
    expect(await peer.next()).toMatchObject({ id: 3, error: { code: -32602, data: { reason: "mismatch" } } });
    // And the genuine one, on the right tool, is accepted.
    peer.send({
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { _meta: envelope({ elicitation: {} }), name: "t", requestState: result.requestState },
    });
    expect(await peer.next()).toMatchObject({
      id: 4,
      result: { content: [{ type: "text", text: '{"admin":false}' }] },
    });
  });

  it("answers -32021 when the client did not declare the capability the input needs", async () => {
    const { peer } = await setup();
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { _meta: envelope({ sampling: {} }), name: "t" },
    });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32021,
        message: "Missing required client capability: elicitation",
        data: { requiredCapabilities: { elicitation: {} } },
      },
    });
  });

  it("builds the -32021 error for handlers that need a capability themselves", () => {
    expect(missingClientCapability("sampling.tools").toJson()).toEqual({
      code: -32021,
      message: "Missing required client capability: sampling.tools",
      data: { requiredCapabilities: { sampling: { tools: {} } } },
    });
  });

  it("requires the url sub-capability for URL elicitation", async () => {
    const era = new StatelessServerEra({ serverInfo, capabilities: { tools: {} } });
    const { peer, connection } = await withRawPeer({ era });
    connection.setRequestHandler("tools/call", (_params, ctx) =>
      (ctx.input as NonNullable<typeof ctx.input>).inputRequired({
        login: {
          method: "elicitation/create",
          params: { mode: "url", message: "Log in", url: "https://example.com/login" },
        },
      }),
    );
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { _meta: envelope({ elicitation: { form: {} } }), name: "t" },
    });
    expect(await peer.next()).toMatchObject({
      error: { code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } },
    });
  });

  it("offers no input round for methods that cannot answer input_required", async () => {
    const era = new StatelessServerEra({ serverInfo, capabilities: { tools: {} } });
    const { peer, connection } = await withRawPeer({ era });
    let input: unknown = "unset";
    connection.setRequestHandler("tools/list", (_params, ctx) => {
      input = ctx.input;
      return { tools: [], ttlMs: 0, cacheScope: "private" };
    });
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: envelope() } });
    await peer.next();
    expect(input).toBeUndefined();
  });
});
