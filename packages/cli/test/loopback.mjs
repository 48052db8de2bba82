// Preloaded (node --import) into server-everything, which listens on every interface: its
// listen(port) binds 127.0.0.1 instead, and the port it got is printed for the test to read.
import net from "node:net";

const original = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] !== "number" && typeof args[0] !== "string") return original.apply(this, args);
  this.once("listening", () => process.stderr.write(`loopback-listening ${this.address().port}\n`));
  const callback = args.find((a) => typeof a === "function");
  return original.call(this, Number(args[0]), "127.0.0.1", ...(callback ? [callback] : []));
};
