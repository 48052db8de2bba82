import { describe, expect, it } from "vitest";
import type { Json } from "../src/model/json.js";
import type { Revision } from "../src/model/revisions.js";
import { violationsOf } from "./helpers/invariant-check.js";

/** Feeds `sent` then `received` through one stdio run; returns `requirement: detail` per violation. */
function check(sent: Json[], received: Json[], revision: Revision = "2026-07-28"): string[] {
  return violationsOf([{ sent, received }], { revision });
}

const listen = (id: Json, notifications: { [key: string]: Json }) => ({
  jsonrpc: "2.0",
  id,
  method: "subscriptions/listen",
  params: { notifications },
});
const tagged = (method: string, id: Json, params: { [key: string]: Json } = {}) => ({
  jsonrpc: "2.0",
  method,
  params: { ...params, _meta: { "io.modelcontextprotocol/subscriptionId": id } },
});
const ack = (id: Json) => tagged("notifications/subscriptions/acknowledged", id);

describe("subscriptions/listen invariants (2026-07-28)", () => {
  it("accepts an acknowledged stream carrying what it asked for, beside another stream", () => {
    expect(
      check(
        [listen(1, { toolsListChanged: true }), listen("b", { resourceSubscriptions: ["file:///a"] })],
        [
          ack("b"),
          ack(1),
          tagged("notifications/tools/list_changed", 1),
          tagged("notifications/resources/updated", "b", { uri: "file:///a" }),
        ],
      ),
    ).toEqual([]);
  });

  it("a notification kind the filter did not ask for, and an update for an unnamed URI", () => {
    expect(
      check(
        [listen(1, { toolsListChanged: true, resourceSubscriptions: ["file:///a"] })],
        [
          ack(1),
          tagged("notifications/prompts/list_changed", 1),
          tagged("notifications/resources/updated", 1, { uri: "file:///b" }),
        ],
      ),
    ).toEqual([
      "subscriptions.filter: notifications/prompts/list_changed on listen stream 1, whose filter did not set promptsListChanged",
    ]);
    expect(
      check(
        [listen(1, { resourceSubscriptions: ["file:///a"] })],
        [ack(1), tagged("notifications/resources/updated", 1, { uri: "file:///b" })],
      ),
    ).toEqual([
      'subscriptions.filter: notifications/resources/updated for "file:///b" on listen stream 1, whose resourceSubscriptions do not name it',
    ]);
  });

  it("a notification before the acknowledgement; a request-scoped one on the stream", () => {
    expect(
      check(
        [listen(7, { toolsListChanged: true })],
        [
          tagged("notifications/tools/list_changed", 7),
          ack(7),
          tagged("notifications/progress", 7, { progressToken: "p", progress: 1 }),
        ],
      ).filter((line) => line.startsWith("subscriptions.")),
    ).toEqual([
      "subscriptions.ack-first: notifications/tools/list_changed on subscription 7 before notifications/subscriptions/acknowledged",
      "subscriptions.request-scoped-elsewhere: a request-scoped notifications/progress on listen stream 7",
    ]);
  });

  it('a subscription id that names no listen request (1 is not "1")', () => {
    expect(
      check([listen(1, { toolsListChanged: true })], [tagged("notifications/tools/list_changed", "1")]),
    ).toEqual([
      'subscriptions.tagged: notifications/tools/list_changed tagged with subscription id "1", which no subscriptions/listen request of the run has',
    ]);
  });

  it("does not apply before 2026-07-28", () => {
    expect(check([listen(1, {})], [tagged("notifications/prompts/list_changed", 1)], "2025-11-25")).toEqual(
      [],
    );
  });
});
