import { AuthenticationError } from "@mcpkit/core";
import { calculateJwkThumbprint } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DpopNonces,
  type DpopOptions,
  DpopReplayCache,
  bearerAuth,
  jwtVerifier,
  protectedResourceMetadataUrl,
} from "../src/index.js";
import { RESOURCE, type TestIssuer, ath, dpopKey, request, startIssuer } from "./server-helpers.js";

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startIssuer();
});
afterAll(async () => {
  await issuer.close();
});

function protect(dpop: DpopOptions | false = {}) {
  return bearerAuth({
    verifier: jwtVerifier({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: RESOURCE }),
    resourceMetadataUrl: protectedResourceMetadataUrl(RESOURCE),
    dpop,
  });
}

async function refusal(promise: unknown) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    return { status: error.status, error: error.error, description: error.message, headers: error.headers };
  }
  throw new Error("not refused");
}

/** A token bound to a fresh DPoP key, and that key. */
async function boundToken() {
  const key = await dpopKey();
  const token = await issuer.mint({ cnf: { jkt: await calculateJwkThumbprint(key.jwk, "sha256") } });
  return { key, token };
}

describe("DPoP-bound tokens (RFC 9449)", () => {
  it("accepts the token with Authorization: DPoP and a proof for this request", async () => {
    const { key, token } = await boundToken();
    const proof = await key.proof({ htm: "POST", htu: RESOURCE, ath: await ath(token) });
    const info = await protect()(
      request({ authorization: `DPoP ${token}`, dpop: proof }, "POST", `${RESOURCE}?x=1`),
    );
    expect(info?.subject).toBe("alice");
  });

  it("refuses it as a Bearer token, and without a proof", async () => {
    const { token } = await boundToken();
    expect((await refusal(protect()(request({ authorization: `Bearer ${token}` })))).description).toBe(
      "the token is DPoP-bound: send it as Authorization: DPoP with a DPoP proof",
    );
    expect(await refusal(protect()(request({ authorization: `DPoP ${token}` })))).toMatchObject({
      status: 401,
      error: "invalid_dpop_proof",
      description: "a DPoP-bound token needs exactly one DPoP proof",
    });
  });

  it("refuses a proof for another method, URL or token, signed by another key, or replayed", async () => {
    const { key, token } = await boundToken();
    const hash = await ath(token);
    const check = async (proof: string) =>
      (await refusal(protect()(request({ authorization: `DPoP ${token}`, dpop: proof })))).description;
    expect(await check(await key.proof({ htm: "GET", htu: RESOURCE, ath: hash }))).toBe(
      "the DPoP proof's htm is not POST",
    );
    expect(await check(await key.proof({ htm: "POST", htu: "http://127.0.0.1:9/other", ath: hash }))).toBe(
      `the DPoP proof's htu is not ${RESOURCE}`,
    );
    expect(
      await check(await key.proof({ htm: "POST", htu: RESOURCE, ath: await ath("another-token") })),
    ).toBe("the DPoP proof's ath is not the hash of the access token");
    const stranger = await dpopKey();
    expect(await check(await stranger.proof({ htm: "POST", htu: RESOURCE, ath: hash }))).toBe(
      "the DPoP proof is not signed with the key the token is bound to",
    );
    const old = await key.proof({
      htm: "POST",
      htu: RESOURCE,
      ath: hash,
      iat: Math.floor(Date.now() / 1000) - 600,
    });
    expect(await check(old)).toMatch(/^the DPoP proof is not valid: /);

    const replay = new DpopReplayCache();
    const auth = protect({ replay });
    const once = await key.proof({ htm: "POST", htu: RESOURCE, ath: hash });
    await auth(request({ authorization: `DPoP ${token}`, dpop: once }));
    const again = await refusal(auth(request({ authorization: `DPoP ${token}`, dpop: once })));
    expect(again).toMatchObject({
      status: 401,
      error: "invalid_dpop_proof",
      description: "the DPoP proof was used before (its jti is not new)",
    });
    expect(again.headers["www-authenticate"]).toMatch(/^DPoP error="invalid_dpop_proof", /);
  });

  it("asks for the server's nonce with use_dpop_nonce and DPoP-Nonce, then accepts it", async () => {
    const { key, token } = await boundToken();
    const nonces = new DpopNonces();
    const auth = protect({ nonces });
    const hash = await ath(token);
    const first = await refusal(
      auth(
        request({
          authorization: `DPoP ${token}`,
          dpop: await key.proof({ htm: "POST", htu: RESOURCE, ath: hash }),
        }),
      ),
    );
    expect(first).toMatchObject({ status: 401, error: "use_dpop_nonce" });
    const nonce = first.headers["dpop-nonce"] as string;
    expect(nonce).toBe(nonces.nonce());
    const proof = await key.proof({ htm: "POST", htu: RESOURCE, ath: hash, nonce });
    expect((await auth(request({ authorization: `DPoP ${token}`, dpop: proof })))?.subject).toBe("alice");
  });

  it("refuses a DPoP scheme with an unbound token, and every bound token when DPoP is off", async () => {
    const plain = await issuer.mint();
    expect((await refusal(protect()(request({ authorization: `DPoP ${plain}` })))).description).toBe(
      "the token is not DPoP-bound; send it as Bearer",
    );
    const { token } = await boundToken();
    expect((await refusal(protect(false)(request({ authorization: `DPoP ${token}` })))).description).toBe(
      "this resource does not accept DPoP-bound tokens",
    );
  });

  it("keeps the replay cache bounded", () => {
    const cache = new DpopReplayCache(3);
    const now = 1_000_000;
    for (const jti of ["a", "b", "c", "d"]) expect(cache.remember(jti, now + 60_000, now)).toBe(true);
    expect(cache.size).toBe(3);
    expect(cache.remember("d", now + 60_000, now)).toBe(false);
  });
});
