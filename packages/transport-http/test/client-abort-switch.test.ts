import { describe, expect, it } from "vitest";
import { AbortSwitch } from "../src/index.js";

describe("AbortSwitch", () => {
  it("runs each hook once, in order, at the first abort; later aborts change nothing", () => {
    const stop = new AbortSwitch();
    const ran: string[] = [];
    stop.onAbort(() => ran.push("a"));
    stop.onAbort(() => ran.push("b"));
    expect([stop.aborted, stop.reason]).toEqual([false, undefined]);
    stop.abort();
    stop.abort(new Error("again"));
    expect(ran).toEqual(["a", "b"]);
    expect(stop.aborted).toBe(true);
    expect([stop.reason?.name, stop.reason?.message]).toEqual(["AbortError", "This operation was aborted"]);
  });

  it("keeps the reason given; a hook added after the abort runs at once", () => {
    const stop = new AbortSwitch();
    const reason = new Error("closing");
    stop.abort(reason);
    let ran = 0;
    stop.onAbort(() => {
      ran += 1;
    });
    expect([stop.reason, ran]).toEqual([reason, 1]);
  });

  it("an unhooked hook does not run", () => {
    const stop = new AbortSwitch();
    const ran: string[] = [];
    const unhook = stop.onAbort(() => ran.push("gone"));
    stop.onAbort(() => ran.push("kept"));
    unhook();
    unhook();
    stop.abort();
    expect(ran).toEqual(["kept"]);
  });
});
