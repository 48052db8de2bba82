import { createInMemoryPair } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import { assemble } from "../src/server/assemble.js";
import { parseServerArgs } from "../src/server/config.js";
import { limitReports } from "../src/server/report-limit.js";

/** A hand-driven clock and timer: nothing here waits for real time. */
function fakeTime() {
  let at = 1_000;
  const timers: { due: number; run: () => void }[] = [];
  return {
    now: () => at,
    schedule: (run: () => void, ms: number) => void timers.push({ due: at + ms, run }),
    advance(ms: number) {
      at += ms;
      for (const timer of timers.splice(0).sort((a, b) => a.due - b.due)) {
        if (timer.due <= at) timer.run();
        else timers.push(timer);
      }
    },
    get pending() {
      return timers.length;
    },
  };
}

describe("limitReports", () => {
  it("logs max reports per interval, then one summary of the rest once the interval is over", () => {
    const time = fakeTime();
    const lines: string[] = [];
    const report = limitReports((e) => lines.push(e.message), { max: 3, intervalMs: 1000, ...time });
    for (let i = 1; i <= 10; i++) report(new Error(`r${i}`));
    expect(lines).toEqual(["r1", "r2", "r3"]);
    expect(time.pending).toBe(1); // one timer for the summary, however many were dropped
    time.advance(999);
    expect(lines).toEqual(["r1", "r2", "r3"]);
    time.advance(1);
    expect(lines).toEqual(["r1", "r2", "r3", "suppressed 7 reports in the last 1000 ms"]);
    report(new Error("r11"));
    expect(lines.at(-1)).toBe("r11");
  });

  it("summarises before the next report when that comes first", () => {
    const time = fakeTime();
    const lines: string[] = [];
    const report = limitReports((e) => lines.push(e.message), {
      max: 1,
      intervalMs: 100,
      now: time.now,
      schedule: () => {}, // a timer that never fires
    });
    report(new Error("a"));
    report(new Error("b"));
    report(new Error("c"));
    time.advance(100);
    report(new Error("d"));
    expect(lines).toEqual(["a", "suppressed 2 reports in the last 100 ms", "d"]);
  });

  it("refuses a limit that would log nothing", () => {
    expect(() => limitReports(() => {}, { max: 0, intervalMs: 1000 })).toThrow(
      "a report limit needs max >= 1 and intervalMs > 0 (got 0 and 1000)",
    );
  });
});

describe("the everything-server's reports", () => {
  it("are rate-limited: a flood of unknown notifications logs a bounded number of lines", async () => {
    const time = fakeTime();
    const lines: string[] = [];
    const assembly = await assemble(parseServerArgs([]), (e) => lines.push(e.message), {
      max: 5,
      intervalMs: 1000,
      ...time,
    });
    const [client, serverSide] = createInMemoryPair();
    await assembly.definition.server.connect(serverSide);
    const answers: unknown[] = [];
    await client.start({ onMessage: (m) => answers.push(m), onUnreadable: () => {}, onClose: () => {} });
    await client.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    for (let i = 0; i < 1000; i++) await client.send({ jsonrpc: "2.0", method: `acme/unknown-${i}` });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe("Method not found");
    time.advance(1000);
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe("suppressed 995 reports in the last 1000 ms");
    // The session serves on.
    await client.send({ jsonrpc: "2.0", id: 2, method: "ping" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers.at(-1)).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
    await assembly.definition.server.close();
    await client.close();
  });
});
