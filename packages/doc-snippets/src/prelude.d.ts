/**
 * The context documentation takes for granted: a fragment may use these names without declaring
 * them, as if the reader's own code around it had. Keep this short: a snippet that needs anything
 * else declares it (`declare const x: T;`) or imports it.
 */
declare const server: import("@mcpkit/server").Server;
declare const client: import("@mcpkit/client").Client;
declare const transport: import("@mcpkit/core").Transport;
declare const connection: import("@mcpkit/core").Connection;
/** The `{ name, version }` of the reader's server or client. */
declare const info: import("@mcpkit/core").ImplementationInfo;
declare const serverInfo: import("@mcpkit/core").ImplementationInfo;
declare const clientInfo: import("@mcpkit/core").ImplementationInfo;
/** A bearer token the reader's application already holds. */
declare const token: string;
