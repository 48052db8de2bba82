import { describe, expect, it } from "vitest";
import { McpError, RequestStateSealer } from "../src/index.js";

const secret = "0123456789abcdef-shared-secret";

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  return (error as McpError).toJson();
}

describe("RequestStateSealer", () => {
  it("round-trips a JSON state bound to a request", async () => {
    const sealer = new RequestStateSealer({ secret });
    const sealed = await sealer.seal({ step: 2, answers: ["a"] }, "tools/call deploy");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    await expect(sealer.unseal(sealed, "tools/call deploy")).resolves.toEqual({ step: 2, answers: ["a"] });
    // Another process with the same secret can open it (servers behind a load balancer).
    await expect(new RequestStateSealer({ secret }).unseal(sealed, "tools/call deploy")).resolves.toEqual({
      step: 2,
      answers: ["a"],
    });
  });

  it("detects tampering with the payload or the tag", async () => {
    const sealer = new RequestStateSealer({ secret });
    const sealed = await sealer.seal({ admin: false }, "tools/call t");
    const [version, payload, tag] = sealed.split(".") as [string, string, string];
    const forged = btoa(JSON.stringify({ b: "tools/call t", e: Date.now() + 1e6, s: { admin: true } }))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    const flipped = tag.startsWith("A") ? `B${tag.slice(1)}` : `A${tag.slice(1)}`;
    const tampered = {
      code: -32602,
      message:
        "Invalid params: requestState failed verification (it was altered, or sealed by another server)",
      data: { pointer: "/params/requestState", reason: "tampered" },
    };
    expect(await refusal(sealer.unseal(`${version}.${forged}.${tag}`, "tools/call t"))).toEqual(tampered);
    expect(await refusal(sealer.unseal(`${version}.${payload}.${flipped}`, "tools/call t"))).toEqual(
      tampered,
    );
    expect(
      await refusal(new RequestStateSealer({ secret: `${secret}!` }).unseal(sealed, "tools/call t")),
    ).toEqual(tampered);
  });

  it("refuses a state sealed for another request", async () => {
    const sealer = new RequestStateSealer({ secret });
    const sealed = await sealer.seal(1, "tools/call a");
    expect(await refusal(sealer.unseal(sealed, "tools/call b"))).toEqual({
      code: -32602,
      message: "Invalid params: requestState belongs to a different request",
      data: { pointer: "/params/requestState", reason: "mismatch" },
    });
  });

  it("refuses an expired state", async () => {
    let now = 1_000_000;
    const sealer = new RequestStateSealer({ secret, ttlMs: 1000, now: () => now });
    const sealed = await sealer.seal("s", "m");
    now += 1000;
    await expect(sealer.unseal(sealed, "m")).resolves.toBe("s");
    now += 1;
    expect(await refusal(sealer.unseal(sealed, "m"))).toEqual({
      code: -32602,
      message: "Invalid params: requestState has expired; send the request again without it",
      data: { pointer: "/params/requestState", reason: "expired" },
    });
  });

  it("refuses malformed states", async () => {
    const sealer = new RequestStateSealer({ secret });
    const malformed = {
      code: -32602,
      message: "Invalid params: requestState is malformed",
      data: { pointer: "/params/requestState", reason: "malformed" },
    };
    for (const bad of [
      42,
      "",
      "v1.abc",
      "v2.a.b",
      "v1.a+b.c",
      "v1.a.b.c",
      "eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0",
    ]) {
      expect(await refusal(sealer.unseal(bad, "m"))).toEqual(malformed);
    }
  });

  it("insists on a secret of at least 16 bytes, and defaults to a random one", async () => {
    expect(() => new RequestStateSealer({ secret: "short" })).toThrow("at least 16 bytes");
    const a = new RequestStateSealer();
    const b = new RequestStateSealer();
    const sealed = await a.seal("x", "m");
    await expect(a.unseal(sealed, "m")).resolves.toBe("x");
    expect(await refusal(b.unseal(sealed, "m"))).toMatchObject({ data: { reason: "tampered" } });
  });
});
