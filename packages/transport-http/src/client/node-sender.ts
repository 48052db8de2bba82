import {
  type Agent,
  type ClientRequest,
  Agent as HttpAgent,
  type IncomingMessage,
  type RequestOptions,
  request as httpRequest,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { urlToHttpOptions } from "node:url";
import type { HttpCall, HttpReply, HttpSender } from "./http-sender.js";
import { NodeReply } from "./node-reply.js";

/** Options of {@link nodeHttpSender}. */
export interface NodeHttpSenderOptions {
  /**
   * The agent to send through: an `https.Agent` for `https:` URLs (its TLS options apply), an
   * `http.Agent` for `http:` ones. The sender leaves it open when the transport closes. Default:
   * a keep-alive agent of the sender's own, destroyed when the transport closes.
   */
  readonly agent?: Agent;
}

/**
 * An {@link HttpSender} on node:http and node:https (picked by the URL's protocol) with a
 * keep-alive agent: on Node it costs a fraction of the CPU `fetch` does per request. It is the
 * default of `StreamableHttpClientTransport` on Node; make one yourself to choose the agent.
 *
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { Agent } from "node:https";
 * import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
 * import { nodeHttpSender } from "@mcpkit/transport-http/node";
 *
 * const agent = new Agent({ keepAlive: true, ca: readFileSync("ca.pem") });
 * const transport = new StreamableHttpClientTransport("https://mcp.internal/mcp", {
 *   sender: nodeHttpSender({ agent }),
 * });
 * ```
 */
export function nodeHttpSender(options: NodeHttpSenderOptions = {}): HttpSender {
  return new NodeHttpSender(options.agent);
}

/** Where one URL's requests go, worked out once. */
interface Target {
  readonly url: string;
  readonly options: RequestOptions;
  readonly request: typeof httpRequest;
  readonly agent: Agent;
}

/** See {@link nodeHttpSender}. */
export class NodeHttpSender implements HttpSender {
  private target: Target | undefined;
  private readonly own: Agent[] = [];

  constructor(private readonly agent?: Agent) {}

  send(call: HttpCall): Promise<HttpReply> {
    const { abort } = call;
    if (abort?.aborted) return Promise.reject(abort.reason);
    let target: Target;
    try {
      target = this.targetOf(call.url);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      // Node writes the headers, a content-length and the body together at end(body).
      // Object.assign: a spread with added keys is slow on Node 20 (docs/performance.md).
      const options = Object.assign({}, target.options, {
        method: call.method,
        headers: call.headers,
        agent: target.agent,
      });
      const request: ClientRequest = target.request(options);
      let unhook: (() => void) | undefined;
      request.on("error", (error) => {
        unhook?.();
        reject(error);
      });
      request.on("response", (response: IncomingMessage) => {
        unhook?.();
        resolve(new NodeReply(response, abort));
      });
      if (abort) unhook = abort.onAbort(() => request.destroy(abort.reason));
      request.end(call.body);
    });
  }

  close(): void {
    for (const agent of this.own.splice(0)) agent.destroy();
    this.target = undefined;
  }

  private targetOf(url: string): Target {
    if (this.target?.url === url) return this.target;
    const parsed = new URL(url);
    const secure = parsed.protocol === "https:";
    if (!secure && parsed.protocol !== "http:") {
      throw new TypeError(`cannot send to ${parsed.protocol} URLs; use http: or https:`);
    }
    let agent = this.agent;
    if (!agent) {
      agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
      this.own.push(agent);
    }
    const { protocol, hostname, port, path, auth } = urlToHttpOptions(parsed);
    const options: RequestOptions = { protocol, hostname, port, path };
    if (auth) options.auth = auth;
    this.target = { url, options, request: secure ? httpsRequest : httpRequest, agent };
    return this.target;
  }
}
