/** JSON pointers (RFC 6901): as they appear in URI fragments, and as built for issues. */

/** One pointer token: `~` as `~0`, `/` as `~1`. */
export function escapeToken(token: string): string {
  return token.includes("~") || token.includes("/") ? token.replace(/~/g, "~0").replace(/\//g, "~1") : token;
}

/** The tokens of a fragment pointer ("/a~1b/%25" → ["a/b", "%"]), or undefined when it is not one. */
export function parseFragmentPointer(fragment: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  if (decoded === "") return [];
  if (!decoded.startsWith("/")) return undefined;
  return decoded
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The value at `tokens` under `root`, or undefined when a step is missing. */
export function walkPointer(root: unknown, tokens: readonly string[]): unknown {
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9][0-9]*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (node !== null && typeof node === "object" && Object.hasOwn(node, token)) {
      node = (node as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return node;
}
