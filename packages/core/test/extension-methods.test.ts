// tasks/* at 2026-07-28 belong to the tasks extension (SEP-2663 reservations): sent as extension
// methods there, core methods at 2025-11-25, and absent from older revisions.
import { describe, expect, it } from "vitest";
import { LocalError } from "../src/index.js";
import { checkInbound, checkOutbound } from "../src/engine/checks.js";
import { reservedForExtension } from "../src/engine/extension-methods.js";

describe("methods reserved for an extension at a stateless revision", () => {
  it("reserves tasks/ and notifications/tasks at 2026-07-28 only", () => {
    expect(reservedForExtension("2026-07-28", "tasks/get")).toBe(true);
    expect(reservedForExtension("2026-07-28", "tasks/update")).toBe(true);
    expect(reservedForExtension("2026-07-28", "notifications/tasks")).toBe(true);
    expect(reservedForExtension("2026-07-28", "tools/call")).toBe(false);
    expect(reservedForExtension("2025-11-25", "tasks/get")).toBe(false);
  });

  it("lets a 2026-07-28 client send them (the server's extension defines them on its side)", () => {
    expect(checkOutbound("request", "tasks/get", "2026-07-28", "client", {}, {})).toBeUndefined();
    expect(checkOutbound("request", "tasks/update", "2026-07-28", "client", {}, {})).toBeUndefined();
  });

  it("still refuses them at a revision before tasks", () => {
    expect(() => checkOutbound("request", "tasks/get", "2025-06-18", "client", {}, {})).toThrow(
      new LocalError("method_unavailable", "tasks/get is not part of revision 2025-06-18"),
    );
    expect(checkInbound("request", "tasks/get", "2025-06-18", "server", {})).toMatchObject({
      ok: false,
      error: { code: -32601 },
    });
  });
});
