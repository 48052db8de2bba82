import type { AuthenticationRequest } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import { AuthRelay } from "../src/auth-relay.js";

const request: AuthenticationRequest = { method: "POST", url: "http://127.0.0.1/mcp", headers: {} };

describe("AuthRelay", () => {
  it("gives the hook the identity held for the call's turn, once", () => {
    const relay = new AuthRelay();
    const seen: unknown[] = [];
    relay.run({ token: "t", subject: "ada" }, () => {
      seen.push(relay.authenticate(request));
      expect(() => relay.authenticate(request)).toThrow(/outside the request's turn/);
    });
    expect(seen).toEqual([{ token: "t", subject: "ada" }]);
  });

  it("refuses a hook call outside a turn (the request is answered 500, never anonymously)", async () => {
    const relay = new AuthRelay();
    let later: Promise<unknown> = Promise.resolve();
    relay.run({ token: "t", subject: "ada" }, () => {
      later = Promise.resolve().then(() => relay.authenticate(request));
    });
    await expect(later).rejects.toThrow(
      "mcpkit: the framework's identity was asked for outside the request's turn",
    );
  });

  it("asks the fallback hook only when the framework established no identity", async () => {
    const relay = new AuthRelay(() => ({ token: "key", subject: "service" }));
    const answers: unknown[] = [];
    relay.run(undefined, () => answers.push(relay.authenticate(request)));
    relay.run({ token: "t", subject: "ada" }, () => answers.push(relay.authenticate(request)));
    expect(answers).toEqual([
      { token: "key", subject: "service" },
      { token: "t", subject: "ada" },
    ]);
  });

  it("lets the request through anonymously when neither gives an identity", () => {
    const relay = new AuthRelay();
    let answer: unknown = "unset";
    relay.run(undefined, () => {
      answer = relay.authenticate(request);
    });
    expect(answer).toBeUndefined();
  });
});
