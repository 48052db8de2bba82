// Preloaded into the third-party server process (node --import): server-everything listens on
// every interface with a fixed PORT. This makes a listen() without a host bind 127.0.0.1 and
// prints the real address, so tests can pass PORT=0 and learn the free port it got. With
// MCPKIT_PORT_ZERO=1 a fixed port (the SDK examples hard-code 3000) becomes 0 too.
import net from "node:net";

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function loopbackListen(...args) {
  if (typeof args[0] === "number" || typeof args[0] === "string") {
    const [port, ...rest] = args;
    const host = typeof rest[0] === "string" ? rest.shift() : "127.0.0.1";
    this.once("listening", () => {
      const address = this.address();
      if (address && typeof address === "object") {
        process.stderr.write(`mcpkit-third-party listening ${address.address}:${address.port}\n`);
      }
    });
    const chosen = process.env.MCPKIT_PORT_ZERO === "1" ? 0 : Number(port);
    return listen.call(this, chosen, host, ...rest);
  }
  return listen.apply(this, args);
};

// With MCPKIT_REDIRECT=FROM_PORT=URL (an example client with a hard-coded localhost port), a
// connection to that port on localhost goes to the URL's port on 127.0.0.1 instead.
const redirect = /^(\d+)=https?:\/\/[^/:]+:(\d+)/.exec(process.env.MCPKIT_REDIRECT ?? "");
if (redirect) {
  const [, from, to] = redirect;
  const connect = net.connect;
  const local = (host) => host === undefined || ["localhost", "127.0.0.1", "::1"].includes(host);
  net.connect = net.createConnection = function redirectedConnect(...args) {
    const options = args[0];
    if (options && typeof options === "object" && String(options.port) === from && local(options.host)) {
      args[0] = { ...options, host: "127.0.0.1", port: Number(to) };
    }
    return connect.apply(this, args);
  };
}
