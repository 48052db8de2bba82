import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { Assembly } from "@mcpkit/reference";
import type { ServerMutant } from "../mutant.js";

const MESSAGE_EVENT = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/';
const NOTIFICATION_EVENT = 'event: notification\ndata: {"jsonrpc":"2.0","method":"notifications/';

/**
 * Legacy HTTP+SSE: the reference served behind a proxy that relabels the SSE events carrying
 * notifications as `event: notification` (a client keeps only `message` events and loses them).
 */
function relabelled(assembly: Assembly): Assembly {
  if (assembly.config.transport !== "sse") return assembly;
  const serve: Assembly["serve"] = async (definition, config, security, onError) => {
    const inner = await assembly.serve(definition, { ...config, port: 0 }, security, onError);
    const target = new URL(inner.url ?? "");
    const proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string" && name !== "host" && name !== "connection") headers.set(name, value);
      const init: RequestInit = { method: req.method ?? "GET", headers };
      if (chunks.length > 0) init.body = Buffer.concat(chunks);
      const answer = await fetch(new URL(req.url ?? "/", target.origin), init).catch(() => undefined);
      if (answer === undefined) return res.writeHead(502).end();
      const head: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        head[name] = value;
      });
      res.writeHead(answer.status, head);
      if (answer.body === null) return res.end();
      const sse = (answer.headers.get("content-type") ?? "").includes("text/event-stream");
      const body = Readable.fromWeb(answer.body as never);
      if (!sse) return void body.pipe(res);
      body.setEncoding("utf8");
      body.on("data", (text: string) => res.write(text.replaceAll(MESSAGE_EVENT, NOTIFICATION_EVENT)));
      body.on("end", () => res.end());
      res.on("close", () => body.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(config.port, config.host, resolve));
    const { port } = proxy.address() as AddressInfo;
    const url = new URL(target.pathname, `http://${config.host}:${port}`).href;
    return {
      url,
      closed: inner.closed,
      close: async () => {
        proxy.closeAllConnections();
        await new Promise<void>((resolve) => proxy.close(() => resolve()));
        await inner.close();
      },
    };
  };
  return { ...assembly, serve };
}

/** Legacy HTTP+SSE: notifications go out as `event: notification`, not as `message` events. */
export const sseNotificationEvents: ServerMutant = {
  name: "sse-notification-events",
  defect: "Legacy HTTP+SSE: sends notifications as SSE events of type notification instead of message.",
  transports: ["sse"],
  subset: { transport: "sse", ids: ["server/tools/*"], revisions: ["2024-11-05"] },
  inject: relabelled,
};
