import type { Bus, Unsubscribe } from "@mcpkit/core";
import type { RedisCommands } from "@mcpkit/redis";
import type { ServerSession } from "@mcpkit/server";
import { type SharedFixtures, waitFor } from "../fixtures/shared.js";

/** How long a session's gate is kept after its last use (ms). */
const GATE_TTL_MS = 600_000;

/** KEYS[1] the toggles hash; ARGV[1] the toggle. Answers its count of flips (odd: on). */
const FLIP = "return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)";

/** KEYS[1] the gate; ARGV[1] its ttl. 1: a kept release taken; 0: now counted as waiting. */
const TAKE = `
local kept = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
if kept > 0 then
  redis.call('HINCRBY', KEYS[1], 'c', -1)
  return 1
end
redis.call('HINCRBY', KEYS[1], 'w', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0
`;

/** KEYS[1] the gate. One waiter fewer (never below zero). */
const LEAVE = `
if tonumber(redis.call('HGET', KEYS[1], 'w') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'w', -1) end
return 0
`;

/** KEYS[1] the gate; ARGV[1] its ttl, ARGV[2] most releases kept. Answers how many wait (0: one kept). */
const RELEASE = `
local waiting = tonumber(redis.call('HGET', KEYS[1], 'w') or '0')
if waiting > 0 then return waiting end
if tonumber(redis.call('HGET', KEYS[1], 'c') or '0') < tonumber(ARGV[2]) then
  redis.call('HINCRBY', KEYS[1], 'c', 1)
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0
`;

const TOGGLES_CHANNEL = "fixture:toggles";
const gateChannel = (session: ServerSession) => `fixture:gate:${session.id}`;

/**
 * {@link SharedFixtures} on Redis for a fleet: a toggle's flips are counted in one hash (odd: on)
 * and announced on the bus, each process applying the newest count it heard; a session's gate is a
 * hash of its waiting calls and kept releases, and a release for waiting calls is published on the
 * session's gate channel, which each waiting call listens to. `load()` reads the toggles (a
 * process started late catches up) and listens to their changes.
 *
 * @example
 * ```ts
 * const fixtures = redisFixtures(redis, bus, "mcpkit-everything:");
 * await fixtures.load();
 * ```
 */
export function redisFixtures(
  redis: RedisCommands,
  bus: Bus,
  prefix: string,
): SharedFixtures & { load(): Promise<void> } {
  const togglesKey = `${prefix}fixture:toggles`;
  const listeners: ((name: string, on: boolean) => void)[] = [];
  /** The newest flip count heard per toggle. */
  const counts = new Map<string, number>();
  const heard = (name: string, count: number) => {
    if (count <= (counts.get(name) ?? 0)) return;
    counts.set(name, count);
    for (const listener of listeners) listener(name, count % 2 === 1);
  };
  const gateKey = (session: ServerSession) => `${prefix}fixture:gate:${session.id}`;
  const run = async (script: string, key: string, ...args: string[]) =>
    Number(await redis.sendCommand(["EVAL", script, "1", key, ...args]));
  return {
    async load() {
      await bus.subscribe(TOGGLES_CHANNEL, (text) => {
        const { name, count } = JSON.parse(text) as { name: string; count: number };
        heard(name, count);
      });
      const all = (await redis.sendCommand(["HGETALL", togglesKey])) as string[] | Record<string, string>;
      const pairs = Array.isArray(all) ? all : Object.entries(all).flat();
      for (let i = 0; i + 1 < pairs.length; i += 2) heard(String(pairs[i]), Number(pairs[i + 1]));
    },
    async toggle(name) {
      const count = await run(FLIP, togglesKey, name);
      heard(name, count);
      await bus.publish(TOGGLES_CHANNEL, JSON.stringify({ name, count }));
      return count % 2 === 1;
    },
    onToggle(listener) {
      listeners.push(listener);
    },
    async gate(session, signal, timeoutMs) {
      const waiting = new Set<() => void>();
      // Listening before counting as waiting: a release in between is heard.
      const stop: Unsubscribe = await bus.subscribe(gateChannel(session), () => {
        for (const release of [...waiting]) release();
      });
      try {
        if ((await run(TAKE, gateKey(session), String(GATE_TTL_MS))) === 1) return true;
        try {
          return await waitFor(waiting, signal, timeoutMs);
        } finally {
          await run(LEAVE, gateKey(session));
        }
      } finally {
        await stop();
      }
    },
    async release(session, maxKept) {
      const waiting = await run(RELEASE, gateKey(session), String(GATE_TTL_MS), String(maxKept));
      if (waiting > 0) await bus.publish(gateChannel(session), "release");
    },
  };
}
