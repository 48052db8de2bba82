// Preloaded into the third-party server process (node --import): server-everything listens on
// every interface with a fixed PORT. This makes a listen() without a host bind 127.0.0.1 and
// prints the real address, so tests can pass PORT=0 and learn the free port it got. With
// MCPKIT_PORT_ZERO=1 a fixed port (the SDK examples hard-code 3000) becomes 0 too.
import net from "node:net";

const listen = net.Server.prototype.listen;
// Fixed port asked for -> port got, for this process's own connections to it (see below).
const ownPorts = new Map();
net.Server.prototype.listen = function loopbackListen(...args) {
  if (typeof args[0] === "number" || typeof args[0] === "string") {
    const [port, ...rest] = args;
    const host = typeof rest[0] === "string" ? rest.shift() : "127.0.0.1";
    this.once("listening", () => {
      const address = this.address();
      if (address && typeof address === "object") {
        if (Number(port) !== 0) ownPorts.set(String(port), address.port);
        process.stderr.write(
          `mcpkit-third-party listening ${address.address}:${address.port} for port ${port}\n`,
        );
      }
    });
    const chosen = process.env.MCPKIT_PORT_ZERO === "1" ? 0 : Number(port);
    return listen.call(this, chosen, host, ...rest);
  }
  return listen.apply(this, args);
};

// With MCPKIT_REDIRECT=FROM_PORT=URL[,FROM_PORT=URL...] (an example client with hard-coded localhost
// ports), a connection to such a port on localhost goes to the URL's port on 127.0.0.1 instead. A
// connection to a fixed port this process listens on (moved to a free one by MCPKIT_PORT_ZERO)
// goes to the port it got, so an example server reaching itself by its configured URL still works.
const redirects = new Map();
for (const pair of (process.env.MCPKIT_REDIRECT ?? "").split(",")) {
  const redirect = /^(\d+)=https?:\/\/[^/:]+:(\d+)/.exec(pair);
  if (redirect) redirects.set(redirect[1], Number(redirect[2]));
}
const connect = net.connect;
const local = (host) => host === undefined || ["localhost", "127.0.0.1", "::1"].includes(host);
net.connect = net.createConnection = function redirectedConnect(...args) {
  const options = args[0];
  if (options && typeof options === "object" && local(options.host)) {
    const to = redirects.get(String(options.port)) ?? ownPorts.get(String(options.port));
    if (to !== undefined) args[0] = { ...options, host: "127.0.0.1", port: to };
  }
  return connect.apply(this, args);
};
