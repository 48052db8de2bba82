import { afterEach, describe, expect, it, vi } from "vitest";
import { LocalError } from "../src/index.js";
import { initializedServer } from "./helpers/fixtures.js";
import { settle } from "./helpers/raw-peer.js";

afterEach(() => {
  vi.useRealTimers();
});

/** Timers that keep this process alive (unref'd ones are not listed). */
function refTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
}

describe("one timer for every outbound request's deadline", () => {
  it("expires each request at its own deadline, in deadline order", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const expired: string[] = [];
    const ask = (name: string, timeoutMs: number) =>
      connection.request("ping", undefined, { timeoutMs }).catch((error: unknown) => {
        expect(error).toBeInstanceOf(LocalError);
        expired.push(`${name}@${Date.now() - start}`);
      });
    const start = Date.now();
    const asked = [ask("slow", 300), ask("quick", 100), ask("middle", 200)];
    expect(vi.getTimerCount()).toBe(1);
    expect(connection.diagnostics().activeTimers).toBe(3);
    await vi.advanceTimersByTimeAsync(300);
    await Promise.all(asked);
    expect(expired).toEqual(["quick@100", "middle@200", "slow@300"]);
    expect(connection.diagnostics().activeTimers).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("waits for a request whose timeout restarted on progress", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    let outcome = "pending";
    const asked = connection.request("ping", undefined, { timeoutMs: 100 }).then(
      () => (outcome = "answered"),
      (error: unknown) => (outcome = (error as LocalError).code),
    );
    await vi.advanceTimersByTimeAsync(80);
    peer.send({
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: 1, progress: 1 },
    });
    await settle();
    await vi.advanceTimersByTimeAsync(80); // past the first deadline, not the restarted one
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(20);
    await asked;
    expect(outcome).toBe("timeout");
  });

  it("stops when the connection closes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const asked = connection.request("ping").catch((error: unknown) => (error as LocalError).code);
    expect(vi.getTimerCount()).toBe(1);
    await connection.close();
    expect(await asked).toBe("connection_closed");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps the process alive only while a request waits", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const before = refTimers();
    const asked = connection.request("ping", undefined, { timeoutMs: 60_000 });
    expect(refTimers()).toBe(before + 1);
    peer.send({ jsonrpc: "2.0", id: 1, result: {} });
    await asked;
    expect(refTimers()).toBe(before);
    const again = connection.request("ping", undefined, { timeoutMs: 60_000 });
    expect(refTimers()).toBe(before + 1);
    peer.send({ jsonrpc: "2.0", id: 2, result: {} });
    await again;
    expect(refTimers()).toBe(before);
    await connection.close();
  });
});
