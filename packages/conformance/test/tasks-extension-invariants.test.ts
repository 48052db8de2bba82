import { describe, expect, it } from "vitest";
import type { Json } from "../src/model/json.js";
import { violationsOf } from "./helpers/invariant-check.js";

type Obj = { [key: string]: Json };

/** Feeds `sent` then `received` through one 2026-07-28 stdio run; returns this extension's violations. */
function check(sent: Json[], received: Json[]): string[] {
  return violationsOf([{ sent, received }], { revision: "2026-07-28" }, "tasks-extension.");
}

const EXT = "io.modelcontextprotocol/tasks";
const META = "io.modelcontextprotocol/clientCapabilities";
const withExtension = { _meta: { [META]: { extensions: { [EXT]: {} } } } };
const req = (id: Json, method: string, params: Obj = {}) => ({ jsonrpc: "2.0", id, method, params });
const ok = (id: Json, result: Obj) => ({ jsonrpc: "2.0", id, result });
const AT = "2026-07-28T10:30:00Z";
const created = (extra: Obj = {}) => ({
  resultType: "task",
  taskId: "t",
  status: "working",
  createdAt: AT,
  lastUpdatedAt: AT,
  ttlMs: 60000,
  pollIntervalMs: 500,
  ...extra,
});
const discover = (capabilities: Obj) =>
  ok(0, { resultType: "complete", supportedVersions: ["2026-07-28"], capabilities });

describe("2026-07-28 tasks extension invariants", () => {
  it("accepts a task created, polled, updated and cancelled by a server and client that declared it", () => {
    const sent = [
      req(0, "server/discover"),
      req(1, "tools/call", { name: "slow", arguments: {}, ...withExtension }),
      req(2, "tasks/get", { taskId: "t", ...withExtension }),
      req(3, "tasks/update", { taskId: "t", inputResponses: {}, ...withExtension }),
      req(4, "tasks/cancel", { taskId: "t", ...withExtension }),
    ];
    const received: Json[] = [
      discover({ tools: {}, extensions: { [EXT]: {} } }),
      ok(1, created({ ttlMs: null })),
      ok(2, {
        resultType: "complete",
        taskId: "t",
        status: "working",
        createdAt: AT,
        lastUpdatedAt: AT,
        ttlMs: 1,
      }),
      ok(3, { resultType: "complete" }),
      ok(4, { resultType: "complete", _meta: {} }),
    ];
    expect(check(sent, received)).toEqual([]);
  });

  it("a CreateTaskResult carries the task's fields flat, and only where both sides declared the extension", () => {
    const sent = [
      req(0, "server/discover"),
      req(1, "tools/call", { name: "slow" }),
      req(2, "tools/call", { name: "slow", ...withExtension }),
    ];
    const received: Json[] = [
      discover({ tools: {} }),
      ok(1, created()),
      ok(2, created({ lastUpdatedAt: "now", ttlMs: "1m" })),
    ];
    expect(check(sent, received)).toEqual([
      `tasks-extension.negotiation.advertise: a CreateTaskResult from a server whose capabilities do not declare ${EXT}`,
      `tasks-extension.negotiation.no-task-undeclared: a CreateTaskResult to a tools/call whose clientCapabilities do not declare ${EXT}`,
      'tasks-extension.result-type.task: a CreateTaskResult with lastUpdatedAt "now", not an ISO 8601 timestamp',
    ]);
  });

  it("resultType task answers tools/call only; tasks/get says complete", () => {
    const sent = [
      req(1, "tasks/get", { taskId: "t", ...withExtension }),
      req(2, "prompts/get", { name: "p", ...withExtension }),
    ];
    expect(check(sent, [ok(1, created()), ok(2, created())])).toEqual([
      'tasks-extension.get.result-type-complete: a tasks/get result with resultType "task"',
      'tasks-extension.result-type.task-only-on-create: a tasks/get result with resultType "task"',
    ]);
  });

  it("tasks/update and tasks/cancel are acknowledged with an empty complete result", () => {
    const sent = [req(1, "tasks/update", { taskId: "t" }), req(2, "tasks/cancel", { taskId: "t" })];
    expect(
      check(sent, [
        ok(1, { resultType: "task" }),
        ok(2, { resultType: "complete", taskId: "t", status: "cancelled" }),
      ]),
    ).toEqual([
      'tasks-extension.cancel.ack: a tasks/cancel acknowledgement with resultType "complete" and taskId, status, not an empty complete result',
      'tasks-extension.result-type.task-only-on-create: a tasks/update result with resultType "task"',
      'tasks-extension.update.ack: a tasks/update acknowledgement with resultType "task", not an empty complete result',
    ]);
  });

  it("a server declaring the extension does not also advertise the 2025-11-25 tasks capability", () => {
    const capabilities = {
      tools: {},
      tasks: { requests: { tools: { call: {} } } },
      extensions: { [EXT]: {} },
    };
    expect(check([req(0, "server/discover")], [discover(capabilities)])).toEqual([
      `tasks-extension.compat.no-legacy-capability: server/discover declares ${EXT} and also the 2025-11-25 tasks capability`,
    ]);
  });
});
