import { createHash } from "node:crypto";
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, type JWK, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { accessTokenHeaders, createDpopSigner, isUseDpopNonceChallenge, sendWithDpop } from "../src/index.js";

/** Verifies a proof with the key in its own header, as a server does (RFC 9449 §4.3). */
async function verifyProof(proof: string) {
  const header = decodeProtectedHeader(proof);
  const jwk = header.jwk as JWK;
  const { payload } = await jwtVerify(proof, await importJWK(jwk, header.alg), { typ: "dpop+jwt" });
  return { header, jwk, payload };
}

const ath = (token: string) => createHash("sha256").update(token, "ascii").digest("base64url");

describe("createDpopSigner", () => {
  it("signs an ES256 proof with the public JWK in its header and htm, htu, iat, jti, ath", async () => {
    const signer = createDpopSigner({ now: () => 1_700_000_000 });
    const proof = await signer.proofFor("post", "https://mcp.example.com/mcp?session=1#frag", "tok-123");
    const { header, jwk, payload } = await verifyProof(proof);
    expect(header.alg).toBe("ES256");
    expect(header.typ).toBe("dpop+jwt");
    expect(Object.keys(jwk).sort()).toEqual(["crv", "kty", "x", "y"]);
    expect(jwk.d).toBeUndefined();
    expect(payload).toEqual({
      jti: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      htm: "POST",
      htu: "https://mcp.example.com/mcp",
      iat: 1_700_000_000,
      ath: ath("tok-123"),
    });
  });

  it("makes a fresh jti for every proof and no ath without a token", async () => {
    const signer = createDpopSigner();
    const first = await verifyProof(await signer.proofFor("GET", "https://as.example.com/token"));
    const second = await verifyProof(await signer.proofFor("GET", "https://as.example.com/token"));
    expect(first.payload.jti).not.toBe(second.payload.jti);
    expect(first.payload.ath).toBeUndefined();
    expect(first.jwk).toEqual(second.jwk);
  });

  it("keeps each origin's DPoP-Nonce and puts it in that origin's proofs only", async () => {
    const signer = createDpopSigner();
    expect(signer.rememberNonce("https://as.example.com/token", new Headers({ "DPoP-Nonce": "as-1" }))).toBe(
      true,
    );
    expect(signer.rememberNonce("https://rs.example.com/mcp", { "dpop-nonce": "rs-1" })).toBe(true);
    expect(signer.rememberNonce("https://rs.example.com/other", { "dpop-nonce": "rs-1" })).toBe(false);
    expect(signer.rememberNonce("https://rs.example.com/mcp", {})).toBe(false);
    const toAs = await verifyProof(await signer.proofFor("POST", "https://as.example.com/token"));
    const toRs = await verifyProof(await signer.proofFor("POST", "https://rs.example.com/mcp", "t"));
    const elsewhere = await verifyProof(await signer.proofFor("POST", "https://third.example.com/x"));
    expect(toAs.payload.nonce).toBe("as-1");
    expect(toRs.payload.nonce).toBe("rs-1");
    expect(elsewhere.payload.nonce).toBeUndefined();
  });

  it("keeps at most maxNonceOrigins nonces, forgetting the least recently used", () => {
    const signer = createDpopSigner({ maxNonceOrigins: 2 });
    signer.rememberNonce("https://a.example", { "dpop-nonce": "a" });
    signer.rememberNonce("https://b.example", { "dpop-nonce": "b" });
    expect(signer.nonceFor("https://a.example")).toBe("a"); // a is now the most recent
    signer.rememberNonce("https://c.example", { "dpop-nonce": "c" });
    expect(signer.nonceFor("https://b.example")).toBeUndefined();
    expect(signer.nonceFor("https://a.example")).toBe("a");
    expect(signer.nonceFor("https://c.example")).toBe("c");
    expect(() => createDpopSigner({ maxNonceOrigins: 0 })).toThrow(
      "maxNonceOrigins must be a positive integer, got 0",
    );
  });

  it("reports the SHA-256 JWK thumbprint of the key it proves with, and signs with another algorithm on request", async () => {
    const signer = createDpopSigner({ algorithm: "EdDSA" });
    const { header, jwk } = await verifyProof(await signer.proofFor("POST", "https://as.example.com/token"));
    expect(header.alg).toBe("EdDSA");
    expect(await signer.thumbprint()).toBe(await calculateJwkThumbprint(jwk, "sha256"));
    expect(await signer.publicJwk()).toEqual(jwk);
  });
});

describe("isUseDpopNonceChallenge", () => {
  const response = (status: number, challenge?: string) => {
    const headers: Record<string, string> = challenge === undefined ? {} : { "www-authenticate": challenge };
    return { method: "POST", url: "https://rs.example.com/mcp", status, headers };
  };
  it("recognizes a 401 DPoP challenge with error=use_dpop_nonce, in any case and position", () => {
    expect(isUseDpopNonceChallenge(response(401, 'DPoP error="use_dpop_nonce", resource_metadata="x"'))).toBe(
      true,
    );
    expect(
      isUseDpopNonceChallenge(response(401, 'Bearer realm="a", dpop algs="ES256", error=use_dpop_nonce')),
    ).toBe(true);
    expect(isUseDpopNonceChallenge(response(401, 'Bearer error="use_dpop_nonce"'))).toBe(false);
    expect(isUseDpopNonceChallenge(response(401, 'DPoP error="invalid_token"'))).toBe(false);
    expect(isUseDpopNonceChallenge(response(403, 'DPoP error="use_dpop_nonce"'))).toBe(false);
    expect(isUseDpopNonceChallenge(response(401))).toBe(false);
  });
});

describe("sendWithDpop and accessTokenHeaders (for any token request and provider)", () => {
  const nonceRefusal = (nonce: string) =>
    new Response(JSON.stringify({ error: "use_dpop_nonce" }), {
      status: 400,
      headers: { "content-type": "application/json", "dpop-nonce": nonce },
    });
  const read = async (response: Response) => {
    if (response.status !== 200) {
      const { ResponseBodyError } = await import("oauth4webapi");
      throw new ResponseBodyError("refused", {
        cause: (await response.json()) as { error: string },
        response,
      });
    }
    return response.status;
  };

  it("retries once with the fresh nonce, and throws the second nonce refusal", async () => {
    const signer = createDpopSigner();
    const sent: string[] = [];
    let n = 0;
    const error = await sendWithDpop(
      signer,
      "https://as.example.com/token",
      async (headers) => {
        sent.push(headers.dpop ?? "");
        return nonceRefusal(`n${++n}`);
      },
      read,
    ).catch((e: unknown) => e);
    expect((error as Error).message).toBe("refused");
    expect(sent).toHaveLength(2);
    expect((await verifyProof(sent[1] ?? "")).payload.nonce).toBe("n1");
  });

  it("does not retry a nonce refusal that brings the nonce already used", async () => {
    const signer = createDpopSigner();
    signer.rememberNonce("https://as.example.com/token", { "dpop-nonce": "same" });
    let sends = 0;
    await expect(
      sendWithDpop(
        signer,
        "https://as.example.com/token",
        async () => {
          sends++;
          return nonceRefusal("same");
        },
        read,
      ),
    ).rejects.toThrow("refused");
    expect(sends).toBe(1);
  });

  it("sends no proof without a signer", async () => {
    const seen: Record<string, string>[] = [];
    const result = await sendWithDpop(
      undefined,
      "https://as.example.com/token",
      async (headers) => {
        seen.push(headers);
        return new Response("{}", { status: 200 });
      },
      read,
    );
    expect(result).toBe(200);
    expect(seen).toEqual([{}]);
  });

  it("presents a DPoP token with the DPoP scheme and a bound proof, anything else as Bearer", async () => {
    const signer = createDpopSigner();
    const request = { method: "POST", url: "https://rs.example.com/mcp" };
    const bound = await accessTokenHeaders(request, "tok", "DPoP", signer);
    expect(bound.authorization).toBe("DPoP tok");
    expect((await verifyProof(bound.dpop ?? "")).payload).toMatchObject({ htm: "POST", ath: ath("tok") });
    expect(await accessTokenHeaders(request, "tok", "bearer", signer)).toEqual({
      authorization: "Bearer tok",
    });
    expect(await accessTokenHeaders(request, "tok", "dpop", undefined)).toEqual({
      authorization: "Bearer tok",
    });
  });
});
