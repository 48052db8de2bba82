import type { Wire } from "../wire/wire.js";
import type { RunObserver } from "./observer.js";

/**
 * Connects a run's wire to the invariants: every received item (before the transcript's ignore
 * patterns) and every message the runner sends, including raw text and raw HTTP bodies.
 */
export function tapWire(wire: Wire, observer: RunObserver): Wire {
  wire.inbox.onArrival = (item) => {
    if (item.invalidUtf8) observer.undecodable(item.text);
    observer.received(item.text, item.message, item.response?.headers, item.http?.headers);
  };
  wire.onExchange = (exchange) => observer.exchanged(exchange);
  wire.onStreamEvent = (event) => observer.streamed(event);
  return new Proxy(wire, {
    get(target, property, receiver) {
      if (property === "send") {
        const send: Wire["send"] = (out, wantResponse, timeoutMs) => {
          observer.sent(out.message, out.text);
          return target.send(out, wantResponse, timeoutMs);
        };
        return send;
      }
      if (property === "http" && target.http !== undefined) {
        const http = target.http.bind(target);
        const tapped: NonNullable<Wire["http"]> = (spec, body, deliver, name, timeoutMs) => {
          if (body !== undefined && deliver) observer.sent(undefined, body);
          return http(spec, body, deliver, name, timeoutMs);
        };
        return tapped;
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
