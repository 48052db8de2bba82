// A fleet answers a DELETE and a logging/setLevel only once the whole fleet knows: the client's
// next request may reach any other process.
import { MemoryBus, MemorySessionStore } from "@mcpkit/core";
import { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { serveStreamableHttp } from "../src/node.js";
import { openRawSession } from "./helpers.js";
import { closedAfterEach } from "./task-helpers.js";

const open = closedAfterEach();
const later = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A node whose session store and bus are slow, as remote ones are; `log` says what finished when. */
async function slowNode(log: string[]) {
  const sessionStore = new MemorySessionStore();
  const update = sessionStore.update.bind(sessionStore);
  const remove = sessionStore.delete.bind(sessionStore);
  sessionStore.update = async (id, change, ttl) => {
    await later();
    const record = await update(id, change, ttl);
    if (change.logLevel !== undefined) log.push(`record: ${change.logLevel}`);
    return record;
  };
  sessionStore.delete = async (id) => {
    await later();
    const removed = await remove(id);
    log.push("record deleted");
    return removed;
  };
  const bus = new MemoryBus();
  const publish = bus.publish.bind(bus);
  bus.publish = async (channel, message) => {
    await later();
    await publish(channel, message);
    log.push(`published ${(JSON.parse(message) as { type: string }).type}`);
  };
  const server = new Server({ name: "s", version: "1" });
  const http = await serveStreamableHttp({ sessionStore, bus, onSession: (t) => server.connect(t) });
  open.push(server, http);
  const { headers } = await openRawSession(http.url, "2025-06-18");
  return { url: http.url, headers };
}

describe("a fleet's answers wait for the fleet", () => {
  it("a DELETE is answered 204 once the record is deleted and the end published", async () => {
    const log: string[] = [];
    const { url, headers } = await slowNode(log);
    log.length = 0;
    const ended = await fetch(url, { method: "DELETE", headers });
    log.push(`answered ${ended.status}`);
    expect([...log.slice(0, 2)].sort()).toEqual(["published end", "record deleted"]);
    expect(log.slice(2)).toEqual(["answered 204"]);
  });

  it("a logging/setLevel is answered once the record has the level and the other copies were told", async () => {
    const log: string[] = [];
    const { url, headers } = await slowNode(log);
    log.length = 0;
    const set = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "logging/setLevel", params: { level: "error" } }),
    });
    const body = await set.text();
    log.push("answered");
    expect(body).toContain('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect([...log.slice(0, 2)].sort()).toEqual(["published level", "record: error"]);
    expect(log.slice(2)).toEqual(["answered"]);
  });
});
