import type { SseEvent } from "../wire/sse-parser.js";
import type { Breach } from "./violation.js";

/**
 * Legacy HTTP+SSE (2024-11-05, basic/transports "HTTP with SSE"): the event stream carries one
 * `endpoint` event first, then the server's messages as `message` events. Any other event with
 * data (or a second `endpoint`) is something a client drops: reported, not silently ignored.
 */
export class LegacySseRules {
  private endpointSeen = false;

  judge(event: SseEvent): Breach[] {
    const type = event.event ?? "message";
    if (type === "message") return [];
    if (type === "endpoint" && !this.endpointSeen) {
      this.endpointSeen = true;
      return [];
    }
    if (event.data.trim() === "" && type !== "endpoint") return [];
    return [
      {
        requirement: "sse.message-events",
        detail:
          type === "endpoint"
            ? "a second endpoint event on the SSE stream"
            : `an SSE event of type ${JSON.stringify(type)} with data (server messages are message events)`,
        message: event.data,
      },
    ];
  }
}
