import { describe, expect, it } from "vitest";
import type { Json } from "../src/model/json.js";
import type { Revision } from "../src/model/revisions.js";
import { violationsOf } from "./helpers/invariant-check.js";

type Obj = { [key: string]: Json };

/** Feeds `sent` then `received` through one stdio run; returns `requirement: detail` per violation. */
function check(sent: Json[], received: Json[], revision: Revision = "2025-11-25"): string[] {
  return violationsOf([{ sent, received }], { revision });
}

const req = (id: Json, method: string, params: Obj = {}) => ({ jsonrpc: "2.0", id, method, params });
const ok = (id: Json, result: Obj) => ({ jsonrpc: "2.0", id, result });
const RELATED = "io.modelcontextprotocol/related-task";
const AT = "2025-11-25T10:30:00Z";
const task = (taskId: string, status: string, extra: Obj = {}) => ({
  taskId,
  status,
  createdAt: AT,
  lastUpdatedAt: AT,
  ttl: 60000,
  ...extra,
});
const INIT = req(0, "initialize");
const init = (capabilities: Obj) =>
  ok(0, { protocolVersion: "2025-11-25", capabilities, serverInfo: { name: "s", version: "1" } });
const TASKS = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };

describe("2025-11-25 task invariants", () => {
  it("accepts a task created, polled, listed, cancelled and its result fetched", () => {
    const sent = [
      INIT,
      req(1, "tools/call", {
        name: "slow",
        arguments: {},
        task: { ttl: 60000 },
        _meta: { progressToken: "p" },
      }),
      req(2, "tasks/get", { taskId: "a" }),
      req(3, "tasks/list"),
      req(4, "tasks/result", { taskId: "a" }),
      req(5, "tasks/cancel", { taskId: "b" }),
    ];
    const received: Json[] = [
      init(TASKS),
      ok(1, { task: task("a", "working") }),
      {
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: "p", progress: 1, _meta: { [RELATED]: { taskId: "a" } } },
      },
      ok(2, task("a", "completed")),
      ok(3, { tasks: [task("a", "completed"), task("b", "working", { ttl: null })] }),
      ok(4, { content: [], _meta: { [RELATED]: { taskId: "a" } } }),
      ok(5, task("b", "cancelled")),
      { jsonrpc: "2.0", method: "notifications/tasks/status", params: task("b", "cancelled") },
    ];
    expect(check(sent, received)).toEqual([]);
  });

  it("every task a response reports has a string id, RFC 3339 createdAt and lastUpdatedAt, a known status", () => {
    const sent = [req(1, "tasks/list")];
    const received: Json[] = [
      ok(1, {
        tasks: [
          task("a", "working", { createdAt: "yesterday" }),
          { taskId: 7, status: "working", createdAt: AT },
          task("c", "running"),
        ],
      }),
    ];
    expect(check(sent, received)).toEqual([
      "tasks.id.string: a listed task has taskId 7, not a string",
      'tasks.status.valid-transitions: a listed task "c" has status "running", which no path leads to',
      'tasks.ttl.created-at: a listed task "a" has createdAt "yesterday"',
      "tasks.ttl.last-updated-at: a listed task has lastUpdatedAt null",
    ]);
  });

  it("tasks/get answers ttl (null allowed) and a failed task's statusMessage; cancel leaves it cancelled", () => {
    const sent = [
      req(1, "tasks/get", { taskId: "a" }),
      req(2, "tasks/get", { taskId: "a" }),
      req(3, "tasks/cancel", { taskId: "b" }),
    ];
    const noTtl = task("a", "failed");
    delete (noTtl as Obj).ttl;
    const received: Json[] = [
      ok(1, task("a", "working", { ttl: null })),
      ok(2, noTtl),
      ok(3, task("b", "working")),
    ];
    expect(check(sent, received)).toEqual([
      "tasks.cancel.status-before-response: a tasks/cancel answered with status working",
      "tasks.execution.failed-status-message: a tasks/get of a failed task without statusMessage",
      'tasks.ttl.actual-in-get: a tasks/get result with ttl "absent"',
    ]);
  });

  it("related-task _meta: required on tasks/result and on a task's progress, not on get, list, cancel or status", () => {
    const meta = { _meta: { [RELATED]: { taskId: "a" } } };
    const sent = [
      req(1, "tools/call", { name: "slow", task: {}, _meta: { progressToken: 9 } }),
      req(2, "tasks/result", { taskId: "a" }),
      req(3, "tasks/get", { taskId: "a" }),
      req(4, "tasks/list"),
    ];
    const received: Json[] = [
      ok(1, { task: task("a", "working") }),
      { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 9, progress: 1 } },
      { jsonrpc: "2.0", method: "notifications/tasks/status", params: { ...task("a", "working"), ...meta } },
      ok(2, { content: [], _meta: { [RELATED]: { taskId: "other" } } }),
      ok(3, { ...task("a", "completed"), ...meta }),
      ok(4, { tasks: [], ...meta }),
    ];
    expect(check(sent, received)).toEqual(
      [
        "tasks.meta.not-in-results: a tasks/get result with related-task _meta; seen 2",
        'tasks.meta.related: progress of task "a" whose _meta related-task is null',
        'tasks.meta.result: a tasks/result answer whose _meta related-task is {"taskId":"other"}, not task "a"',
        "tasks.notification.no-related-meta: a notifications/tasks/status with related-task _meta",
      ].map((line) => line.replace("; seen 2", "")),
    );
  });

  it("a CreateTaskResult only where tool calls declare task support; a task-capable tool called as a task gets one", () => {
    const list = ok(1, {
      tools: [
        { name: "slow", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
        { name: "quick", inputSchema: { type: "object" } },
      ],
    });
    const sent = [
      INIT,
      req(1, "tools/list"),
      req(2, "tools/call", { name: "slow", task: {} }),
      req(3, "tools/call", { name: "quick", task: {} }),
    ];
    expect(check(sent, [init(TASKS), list, ok(2, { content: [] }), ok(3, { content: [] })])).toEqual([
      "tasks.result.create-task-result: a task-augmented call of slow (taskSupport optional) answered with its result, not a CreateTaskResult",
    ]);
    expect(
      check(sent.slice(0, 3), [init({ tools: {} }), list, ok(2, { task: task("a", "working") })]),
    ).toEqual([
      "tasks.capability.declare: a tools/call answered with a task by a server without tasks.requests.tools.call",
      "tasks.support.undeclared-processed-normally: a task-augmented tools/call answered with a task although tool calls declare no task support",
    ]);
  });

  it("a task id is never created twice", () => {
    const sent = [
      req(1, "tools/call", { name: "slow", task: {} }),
      req(2, "tools/call", { name: "slow", task: {} }),
    ];
    expect(
      check(sent, [ok(1, { task: task("a", "working") }), ok(2, { task: task("a", "working") })]),
    ).toEqual(['tasks.id.unique: task id "a" created again for another request']);
  });

  it("judges nothing of the kind at other revisions", () => {
    expect(check([req(1, "tasks/list")], [ok(1, { tasks: [{ taskId: 7 }] })], "2025-06-18")).toEqual([]);
  });
});

describe("2025-11-25 task reports in order (stdio, ws)", () => {
  it("no task reported unfinished after its tasks/result was answered; a cancelled task stays cancelled", () => {
    const sent = [
      req(1, "tasks/result", { taskId: "a" }),
      req(2, "tasks/get", { taskId: "a" }),
      req(3, "tasks/cancel", { taskId: "b" }),
      req(4, "tasks/list"),
    ];
    const received: Json[] = [
      ok(1, { content: [], _meta: { [RELATED]: { taskId: "a" } } }),
      ok(2, task("a", "working")),
      ok(3, task("b", "cancelled")),
      ok(4, { tasks: [task("a", "completed"), task("b", "cancelled")] }),
      { jsonrpc: "2.0", method: "notifications/tasks/status", params: task("b", "completed") },
    ];
    expect(check(sent, received).filter((v) => !v.startsWith("tasks.status.terminal-final"))).toEqual([
      'tasks.cancel.stays-cancelled: task "b" reported completed after it was cancelled',
      'tasks.result.blocks: task "a" reported working after its tasks/result was answered',
    ]);
  });
});
