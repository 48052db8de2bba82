/**
 * A new session id: 32 hex digits from `crypto.getRandomValues` (128 bits), which is visible
 * ASCII (0x21–0x7E) as the specification requires.
 */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
