/**
 * The parameters of the `Bearer` (or `DPoP`) challenge of a `WWW-Authenticate` header
 * (RFC 6750 §3, RFC 9728 §5.1): `resource_metadata`, `scope`, `error`, `error_description`.
 * Tolerant: quoted or token values, any order, other schemes skipped.
 */
export interface BearerChallenge {
  readonly scheme: string;
  readonly params: Readonly<Record<string, string>>;
}

const PARAM = /^\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*)\s*,?/;
const SCHEME = /^\s*,?\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)(?:\s+|$)/;

/** Every challenge in a `WWW-Authenticate` value, schemes lower-cased, parameter names lower-cased. */
export function parseWwwAuthenticate(header: string | undefined): BearerChallenge[] {
  const challenges: BearerChallenge[] = [];
  if (!header) return challenges;
  let rest = header;
  // Each turn consumes at least one character, so the loop ends.
  while (rest.trim().length > 0) {
    const scheme = SCHEME.exec(rest);
    if (!scheme) break;
    rest = rest.slice(scheme[0].length);
    const params: Record<string, string> = {};
    for (;;) {
      const param = PARAM.exec(rest);
      if (!param || param[0].length === 0) break;
      const raw = param[2] ?? "";
      params[(param[1] ?? "").toLowerCase()] = raw.startsWith('"')
        ? raw.slice(1, -1).replace(/\\(.)/g, "$1")
        : raw;
      rest = rest.slice(param[0].length);
    }
    challenges.push({ scheme: (scheme[1] ?? "").toLowerCase(), params });
  }
  return challenges;
}

/** The parameters of the first `Bearer` or `DPoP` challenge, `{}` when there is none. */
export function bearerChallengeParams(header: string | undefined): Readonly<Record<string, string>> {
  for (const challenge of parseWwwAuthenticate(header)) {
    if (challenge.scheme === "bearer" || challenge.scheme === "dpop") return challenge.params;
  }
  return {};
}
