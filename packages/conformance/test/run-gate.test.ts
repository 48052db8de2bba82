import { describe, expect, it } from "vitest";
import { RunGate } from "../src/run/run-gate.js";

describe("RunGate", () => {
  it("lets ordinary runs overlap", async () => {
    const gate = new RunGate();
    const a = await gate.enter(false);
    const b = await gate.enter(false);
    a();
    b();
  });

  it("starts a run that must be alone only when the others are done, and holds new ones until it ends", async () => {
    const gate = new RunGate();
    const log: string[] = [];
    const first = await gate.enter(false);
    const alone = gate.enter(true).then((leave) => {
      log.push("alone starts");
      return leave;
    });
    const later = gate.enter(false).then((leave) => {
      log.push("later starts");
      return leave;
    });
    await Promise.resolve();
    expect(log).toEqual([]);
    log.push("first ends");
    first();
    const leaveAlone = await alone;
    expect(log).toEqual(["first ends", "alone starts"]);
    log.push("alone ends");
    leaveAlone();
    (await later)();
    expect(log).toEqual(["first ends", "alone starts", "alone ends", "later starts"]);
  });
});
