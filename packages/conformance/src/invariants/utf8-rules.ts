import type { Breach } from "./violation.js";

/**
 * `base.jsonrpc.utf8`: messages on the wire are JSON text encoded as UTF-8. Over stdio the runner
 * decodes each line strictly; a line whose bytes are not valid UTF-8 (a Latin-1 `é`, a lone
 * continuation byte, a truncated sequence) is reported here, whether or not the rest of the line
 * parses as JSON.
 */
export function utf8Rule(text: string, side: "server" | "client"): Breach[] {
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return [
    {
      requirement: "base.jsonrpc.utf8",
      detail: `a line on the ${side === "server" ? "server's stdout" : "client's stdout"} whose bytes are not valid UTF-8`,
      message: shown,
    },
  ];
}
