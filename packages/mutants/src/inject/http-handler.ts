import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Assembly } from "@mcpkit/reference";
import { createStreamableHttpHandler } from "@mcpkit/transport-http";
import { toNodeListener } from "@mcpkit/transport-http/node";

/** A defect in front of the reference's Streamable HTTP handler: sees every request and response. */
export type HttpDefect = (
  request: Request,
  next: (request: Request) => Promise<Response>,
) => Promise<Response>;

/**
 * Serves Streamable HTTP exactly as the reference does (same handler options, same session
 * wiring), but routes every request through `defect` first. Other transports are unchanged.
 */
export function httpHandler(defect: HttpDefect): (assembly: Assembly) => Assembly {
  return (assembly) => {
    if (assembly.config.transport !== "http") return assembly;
    const serve: Assembly["serve"] = async ({ server, state }, config, security, onError) => {
      const options = {
        jsonResponse: config.jsonResponse,
        cors: security.cors,
        maxBodyBytes: security.maxBodyBytes,
        maxMessageBytes: security.maxMessageBytes,
        ...(security.allowedHosts === undefined ? {} : { allowedHosts: security.allowedHosts }),
        ...(security.allowedOrigins === undefined ? {} : { allowedOrigins: security.allowedOrigins }),
        onSession: async (transport: Parameters<typeof server.connect>[0]) => {
          const session = await server.connect(transport);
          if ("closeStream" in transport) state.streams.set(session, transport as never);
        },
        onStateless: async (transport: Parameters<typeof server.connect>[0]) => {
          await server.connect(transport);
        },
        onError,
      };
      const real = createStreamableHttpHandler(options);
      const listener = toNodeListener({ handle: (request) => defect(request, (r) => real.handle(r)) });
      const httpServer = createServer((req, res) => {
        if ((req.url ?? "/").split("?")[0] === "/mcp") return listener(req, res);
        res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      });
      await new Promise<void>((resolve, reject) => {
        httpServer.once("error", reject);
        httpServer.listen(config.port, config.host, () => resolve());
      });
      const { port } = httpServer.address() as AddressInfo;
      let markClosed: () => void = () => {};
      const closed = new Promise<void>((resolve) => {
        markClosed = resolve;
      });
      let closing: Promise<void> | undefined;
      const stop = async () => {
        await real.close();
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
      };
      return {
        url: `http://${config.host}:${port}/mcp`,
        closed,
        close: () => {
          closing ??= stop().finally(markClosed);
          return closing;
        },
      };
    };
    return { ...assembly, serve };
  };
}

/** A copy of `request` with its headers changed by `edit` (and, optionally, another URL). */
export function withHeaders(request: Request, edit: (headers: Headers) => void, url = request.url): Request {
  const headers = new Headers(request.headers);
  edit(headers);
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers };
  if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "DELETE") {
    init.body = request.body;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** A copy of `response` with a new status and/or headers (the body stream is passed through). */
export function reshaped(
  response: Response,
  status: number,
  edit: (headers: Headers) => void = () => {},
): Response {
  const headers = new Headers(response.headers);
  edit(headers);
  const body = status === 204 || status === 304 ? null : response.body;
  return new Response(body, { status, statusText: "", headers });
}
