import { describe, expect, it } from "vitest";
import type { Json } from "../src/model/json.js";
import type { Revision } from "../src/model/revisions.js";
import { Invariants } from "../src/invariants/observer.js";
import { requirements, violationsOf } from "./helpers/invariant-check.js";

/** Feeds `sent` then `received` through one stdio run; returns `requirement: detail` per violation. */
function check(
  sent: Json[],
  received: Json[],
  revision: Revision = "2026-07-28",
  clientCapabilities: { [key: string]: Json } = {},
): string[] {
  return violationsOf([{ sent, received }], { revision, clientCapabilities });
}

const META = "io.modelcontextprotocol/";
const call = (id: number, clientCapabilities: { [key: string]: Json }) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "t", arguments: {}, _meta: { [`${META}clientCapabilities`]: clientCapabilities } },
});
const inputRequired = (id: number, inputRequests: { [key: string]: Json }) => ({
  jsonrpc: "2.0",
  id,
  result: {
    resultType: "input_required",
    inputRequests,
    _meta: { [`${META}serverInfo`]: { name: "s", version: "1" } },
  },
});
const form = (properties: { [key: string]: Json }) => ({
  method: "elicitation/create",
  params: { mode: "form", message: "m", requestedSchema: { type: "object", properties } },
});
const sampling = (extra: { [key: string]: Json } = {}) => ({
  method: "sampling/createMessage",
  params: { messages: [], maxTokens: 10, ...extra },
});
const url = {
  method: "elicitation/create",
  params: { mode: "url", message: "m", url: "https://example.com/x", elicitationId: "e1" },
};

describe("input requests carried in 2026-07-28 input_required results", () => {
  it("accepts flat forms, URL mode where declared, plain sampling and roots", () => {
    const capabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };
    expect(
      check(
        [call(1, capabilities)],
        [
          inputRequired(1, {
            a: form({ name: { type: "string" }, n: { type: "integer" } }),
            b: url,
            c: sampling({ includeContext: "none" }),
            d: { method: "roots/list" },
          }),
        ],
      ),
    ).toEqual([]);
  });

  it("a form elicitation asking for a nested object breaks elicitation.schema.restricted", () => {
    const nested = form({ name: { type: "string" }, address: { type: "object" } });
    const violations = invariantsOf([call(1, { elicitation: {} })], [inputRequired(1, { ask: nested })]);
    expect(violations).toEqual([
      {
        requirement: "elicitation.schema.restricted",
        detail:
          'inputRequests.ask: requestedSchema is not flat and primitive: property "address" has type "object", not string, number, integer, boolean or a multi-select enum',
        transcript: "t",
        revision: "2026-07-28",
        step: "connect",
        occurrences: 1,
        message: inputRequired(1, { ask: nested }),
      },
    ]);
  });

  it("URL mode only where the request declared elicitation.url", () => {
    expect(check([call(1, { elicitation: {} })], [inputRequired(1, { u: url })])).toEqual([
      "elicitation.server-respect-modes: inputRequests.u: a URL elicitation to a client without elicitation.url",
    ]);
  });

  it("sampling tools and includeContext only under sampling.tools and sampling.context", () => {
    const asks = {
      s: sampling({ tools: [{ name: "x", inputSchema: { type: "object" } }] }),
      c: sampling({ includeContext: "thisServer" }),
    };
    expect(check([call(1, { sampling: {} })], [inputRequired(1, asks)])).toEqual([
      "sampling.context.gated: inputRequests.c: includeContext thisServer to a client without sampling.context",
      "sampling.tools.gated: inputRequests.s: a sampling request with tools to a client without sampling.tools",
    ]);
    expect(check([call(1, { sampling: { tools: {}, context: {} } })], [inputRequired(1, asks)])).toEqual([]);
  });

  it("an undeclared kind is reported once, as declared-kinds-only, not also by the kind's own rules", () => {
    expect(check([call(1, {})], [inputRequired(1, { a: form({ a: { type: "object" } }) })])).toEqual([
      "mrtr.server.declared-kinds-only: inputRequests.a asks for elicitation, which the request did not declare",
    ]);
  });

  it("a 2026-07-28 task waiting for input: its inputRequests follow the same rules", () => {
    const get = { jsonrpc: "2.0", id: 2, method: "tasks/get", params: { taskId: "t" } };
    const task = (inputRequests: { [key: string]: Json }) => ({
      jsonrpc: "2.0",
      id: 2,
      result: {
        resultType: "complete",
        taskId: "t",
        status: "input_required",
        inputRequests,
        _meta: { [`${META}serverInfo`]: { name: "s", version: "1" } },
      },
    });
    expect(check([get], [task({ a: form({ ok: { type: "boolean" } }) })])).toEqual([]);
    expect(check([get], [task({ a: form({ list: { type: "array", items: { type: "object" } } }) })])).toEqual(
      [
        'elicitation.schema.restricted: inputRequests.a: requestedSchema is not flat and primitive: property "list" is an array whose items are not an enumeration of strings',
      ],
    );
  });
});

describe("server requests up to 2025-11-25", () => {
  it("includeContext other than none needs sampling.context", () => {
    const request = (includeContext: string) => ({
      jsonrpc: "2.0",
      id: `s-${includeContext}`,
      method: "sampling/createMessage",
      params: { messages: [], maxTokens: 1, includeContext },
    });
    const sent = [request("none"), request("allServers")];
    expect(check([], sent, "2025-11-25", { sampling: {} })).toEqual([
      "sampling.context.gated: includeContext allServers to a client without sampling.context",
    ]);
    expect(check([], sent, "2025-11-25", { sampling: { context: {} } })).toEqual([]);
  });
});

function invariantsOf(sent: Json[], received: Json[]) {
  const invariants = new Invariants(requirements);
  const run = invariants.forRun({ transcript: "t", revision: "2026-07-28", transport: "stdio" });
  for (const message of sent) run.sent(message);
  for (const message of received) run.received(JSON.stringify(message), message);
  return invariants.violations();
}
