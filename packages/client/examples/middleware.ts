// Middleware around every request the client sends and every message the server sends.
import { type Client, McpError } from "@mcpkit/client";

export function instrument(client: Client, token: () => string): void {
  // Outgoing: time each request, and add a header to each HTTP POST.
  client.use(async (request, next) => {
    const started = performance.now();
    try {
      const headers = { ...request.options.headers, "x-api-key": token() };
      return await next({ ...request, options: { ...request.options, headers } });
    } finally {
      console.error(`${request.method} took ${Math.round(performance.now() - started)} ms`);
    }
  });
  // Incoming: log what the server sends, and refuse to show it the roots.
  client.use({
    incoming: (message, next) => {
      console.error(`the server sent ${message.kind} ${message.method}`);
      if (message.method === "roots/list") throw new McpError(-32600, "roots are private");
      return next();
    },
  });
}
