import { httpHandler } from "../inject/http-handler.js";
import type { ServerMutant } from "../mutant.js";

/** Drops the first event of an SSE body (comments before it pass) when it carries no data. */
function withoutPriming(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let head = "";
  let primed = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (primed) return controller.enqueue(chunk);
        head += decoder.decode(chunk, { stream: true });
        let out = "";
        for (let end = /\r?\n\r?\n/.exec(head); end !== null && !primed; end = /\r?\n\r?\n/.exec(head)) {
          const block = head.slice(0, end.index);
          const whole = head.slice(0, end.index + end[0].length);
          head = head.slice(whole.length);
          if (block.split(/\r?\n/).every((line) => line.startsWith(":"))) out += whole;
          else {
            primed = true;
            if (/^data:.*\S/m.test(block)) out += whole;
            out += head;
          }
        }
        if (out !== "") controller.enqueue(encoder.encode(out));
      },
      flush(controller) {
        if (!primed && head !== "") controller.enqueue(encoder.encode(head));
      },
    }),
  );
}

/** Streamable HTTP at 2025-11-25: SSE answers to POSTs start without the priming event. */
export const noPrimingEvent: ServerMutant = {
  name: "no-priming-event",
  defect: "Streamable HTTP: SSE answers to POSTs do not start with a priming event (id, empty data).",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/tools/*", "server/http/*"], revisions: ["2025-11-25"] },
  inject: httpHandler(async (request, next) => {
    const response = await next(request);
    const sse = (response.headers.get("content-type") ?? "").includes("text/event-stream");
    if (request.method !== "POST" || !sse || response.body === null) return response;
    return new Response(withoutPriming(response.body), {
      status: response.status,
      headers: response.headers,
    });
  }),
};
