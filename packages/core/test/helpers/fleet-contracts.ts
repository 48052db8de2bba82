/**
 * Contract suites for the fleet seams: every SessionStore and Bus implementation (the in-memory
 * defaults here, the Redis ones in @mcpkit/redis) runs the same tests. Not shipped.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Bus, SessionRecord, SessionStore, Unsubscribe } from "../../src/index.js";

/** A record for tests, with `overrides` on top. */
export function sessionRecord(sessionId: string, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    sessionId,
    protocolVersion: "2025-11-25",
    clientCapabilities: { elicitation: {} },
    clientInfo: { name: "contract-client", version: "1.0.0" },
    initialized: false,
    createdAt: 1_000,
    lastActivity: 1_000,
    ...overrides,
  };
}

/** What a {@link sessionStoreContract} needs: a fresh, empty store per test, and a way to let time pass. */
export interface SessionStoreSubject {
  readonly store: SessionStore;
  /** Makes `ms` pass for the store's expiry (a fake clock, or a real wait for a real store). */
  advance(ms: number): Promise<void>;
  /** Releases whatever the store holds (connections). */
  dispose?(): Promise<void>;
}

export function sessionStoreContract(name: string, make: () => Promise<SessionStoreSubject>): void {
  describe(`SessionStore contract: ${name}`, () => {
    let subject: SessionStoreSubject | undefined;
    afterEach(async () => {
      await subject?.dispose?.();
      subject = undefined;
    });
    const fresh = async () => {
      subject = await make();
      return subject;
    };

    it("creates a record once and returns it as written", async () => {
      const { store } = await fresh();
      const record = sessionRecord("s1", { owner: "alice", logLevel: "info" });
      expect(await store.create(record, 60_000)).toBe(true);
      expect(await store.create(sessionRecord("s1", { owner: "mallory" }), 60_000)).toBe(false);
      expect(await store.get("s1")).toEqual(record);
      expect(await store.get("s2")).toBeUndefined();
    });

    it("merges a change into the record; a change of an unknown session makes nothing", async () => {
      const { store } = await fresh();
      await store.create(sessionRecord("s1"), 60_000);
      const changed = await store.update("s1", { initialized: true, logLevel: "debug" }, 60_000);
      expect(changed).toEqual(sessionRecord("s1", { initialized: true, logLevel: "debug" }));
      expect(await store.update("s1", { lastActivity: 5_000 }, 60_000)).toEqual(
        sessionRecord("s1", { initialized: true, logLevel: "debug", lastActivity: 5_000 }),
      );
      expect(await store.update("nope", { initialized: true }, 60_000)).toBeUndefined();
      expect(await store.get("nope")).toBeUndefined();
    });

    it("deletes a record: it is gone, and deleting again says so", async () => {
      const { store } = await fresh();
      await store.create(sessionRecord("s1"), 60_000);
      expect(await store.delete("s1")).toBe(true);
      expect(await store.get("s1")).toBeUndefined();
      expect(await store.delete("s1")).toBe(false);
      expect(await store.update("s1", { initialized: true }, 60_000)).toBeUndefined();
    });

    it("expires a record ttlMs after its last write; an update restarts the clock", async () => {
      const subj = await fresh();
      const { store } = subj;
      await store.create(sessionRecord("s1"), 1_500);
      await store.create(sessionRecord("s2"), 1_500);
      await store.create(sessionRecord("forever"), 0);
      await subj.advance(1_000);
      expect(await store.update("s1", { lastActivity: 2_000 }, 1_500)).toBeDefined();
      await subj.advance(1_000);
      expect(await store.get("s1")).toEqual(sessionRecord("s1", { lastActivity: 2_000 }));
      expect(await store.get("s2")).toBeUndefined();
      expect(await store.create(sessionRecord("s2", { owner: "new" }), 1_500)).toBe(true);
      await subj.advance(2_000);
      expect(await store.get("s1")).toBeUndefined();
      expect(await store.get("forever")).toEqual(sessionRecord("forever"));
    });
  });
}

/** What a {@link busContract} needs: two handles on one bus (as two processes would have). */
export interface BusSubject {
  readonly a: Bus;
  readonly b: Bus;
  dispose?(): Promise<void>;
}

/** Collects what a channel receives; `next(n)` waits for the n-th message. */
function collector() {
  const messages: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    messages,
    listener: (message: string) => {
      messages.push(message);
      for (const waiter of waiters.splice(0)) {
        if (messages.length >= waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
    },
    upTo(count: number): Promise<void> {
      if (messages.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}

export function busContract(name: string, make: () => Promise<BusSubject>): void {
  describe(`Bus contract: ${name}`, () => {
    let subject: BusSubject | undefined;
    const stops: Unsubscribe[] = [];
    afterEach(async () => {
      for (const stop of stops.splice(0)) await stop();
      await subject?.dispose?.();
      subject = undefined;
    });
    const fresh = async () => {
      subject = await make();
      return subject;
    };

    it("delivers a message to every subscriber of the channel, on every handle, in publish order", async () => {
      const { a, b } = await fresh();
      const onA = collector();
      const onB = collector();
      const other = collector();
      stops.push(await a.subscribe("session:s1", onA.listener));
      stops.push(await b.subscribe("session:s1", onB.listener));
      stops.push(await b.subscribe("session:s2", other.listener));
      for (let i = 1; i <= 5; i += 1) await a.publish("session:s1", JSON.stringify({ n: i }));
      await b.publish("session:s2", "last");
      await Promise.all([onA.upTo(5), onB.upTo(5), other.upTo(1)]);
      const expected = [1, 2, 3, 4, 5].map((n) => JSON.stringify({ n }));
      expect(onA.messages).toEqual(expected);
      expect(onB.messages).toEqual(expected);
      expect(other.messages).toEqual(["last"]);
    });

    it("never calls a listener from within publish", async () => {
      const { a } = await fresh();
      const heard = collector();
      stops.push(await a.subscribe("changes", heard.listener));
      const publishing = a.publish("changes", "x");
      expect(heard.messages).toEqual([]);
      await publishing;
      await heard.upTo(1);
      expect(heard.messages).toEqual(["x"]);
    });

    it("stops delivering once unsubscribed; other subscriptions go on", async () => {
      const { a, b } = await fresh();
      const gone = collector();
      const stays = collector();
      const stop = await b.subscribe("task:t1", gone.listener);
      stops.push(await b.subscribe("task:t1", stays.listener));
      await a.publish("task:t1", "one");
      await Promise.all([gone.upTo(1), stays.upTo(1)]);
      await stop();
      await a.publish("task:t1", "two");
      await stays.upTo(2);
      expect(gone.messages).toEqual(["one"]);
      expect(stays.messages).toEqual(["one", "two"]);
    });

    it("publishing on a channel nobody listens to is fine, and nothing of it is kept", async () => {
      const { a, b } = await fresh();
      await a.publish("session:nobody", "lost");
      const late = collector();
      stops.push(await b.subscribe("session:nobody", late.listener));
      await a.publish("session:nobody", "heard");
      await late.upTo(1);
      expect(late.messages).toEqual(["heard"]);
    });
  });
}
