# workerd's config for the example: one ES-module worker on 127.0.0.1:8787.
# `pnpm start --socket-addr http=127.0.0.1:0` picks a free port instead.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .mcpWorker) ],
  sockets = [ (name = "http", address = "127.0.0.1:8787", http = (), service = "main") ],
);

const mcpWorker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "dist/worker.js") ],
  compatibilityDate = "2025-09-01",
);
