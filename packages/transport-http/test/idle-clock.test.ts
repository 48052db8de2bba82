import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IdleClock, type IdleWatched } from "../src/server/idle-clock.js";

/** A session that records when it was told it is idle; `stillInUse` makes it touch again instead. */
function session(clock: IdleClock<IdleWatched>, stillInUse = false) {
  const watched = {
    lastActive: 0,
    idleAt: [] as number[],
    idle() {
      watched.idleAt.push(Date.now());
      if (stillInUse) clock.touch(watched);
      else clock.forget(watched);
    },
  };
  clock.touch(watched);
  return watched;
}

describe("IdleClock (one timer for every session's idle expiry)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a session idle for the whole limit is told so, exactly at the limit", () => {
    const clock = new IdleClock(100);
    const a = session(clock);
    vi.advanceTimersByTime(99);
    expect(a.idleAt).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(a.idleAt).toEqual([1_000_100]);
  });

  it("a touched session is not expired; its idle time starts again at each touch", () => {
    const clock = new IdleClock(100);
    const active = session(clock);
    const idle = session(clock);
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(60);
      clock.touch(active);
    }
    expect(idle.idleAt).toEqual([1_000_100]);
    expect(active.idleAt).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(active.idleAt).toEqual([1_000_400]);
  });

  it("sessions expire in order of last activity, each at its own time", () => {
    const clock = new IdleClock(100);
    const first = session(clock);
    vi.advanceTimersByTime(30);
    const second = session(clock);
    vi.advanceTimersByTime(30);
    clock.touch(first);
    vi.advanceTimersByTime(200);
    expect(second.idleAt).toEqual([1_000_130]);
    expect(first.idleAt).toEqual([1_000_160]);
  });

  it("a session still in use (it touches again when told) stays watched", () => {
    const clock = new IdleClock(100);
    const listening = session(clock, true);
    vi.advanceTimersByTime(350);
    expect(listening.idleAt).toEqual([1_000_100, 1_000_200, 1_000_300]);
    expect(clock.size).toBe(1);
    expect(clock.running).toBe(true);
  });

  it("the timer starts with the first session and stops when none is left", () => {
    const clock = new IdleClock(100);
    expect(clock.running).toBe(false);
    const a = session(clock);
    const b = session(clock);
    expect(clock.running).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    clock.forget(a);
    expect(clock.running).toBe(true);
    clock.forget(b);
    expect(clock.running).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    const c = session(clock);
    expect(clock.running).toBe(true);
    vi.advanceTimersByTime(100);
    expect(c.idleAt).toEqual([1_000_100]);
    expect(clock.running).toBe(false);
  });

  it("a limit of 0 watches nothing and sets no timer", () => {
    const clock = new IdleClock(0);
    const a = session(clock);
    vi.advanceTimersByTime(1_000_000);
    expect(a.idleAt).toEqual([]);
    expect(clock.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
