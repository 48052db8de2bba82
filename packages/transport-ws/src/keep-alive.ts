import type { WebSocket } from "ws";

/** Pings every `intervalMs`; calls `timedOut` when neither a pong nor a message arrived within `timeoutMs` of a ping. */
export function keepAlive(
  socket: WebSocket,
  intervalMs: number,
  timeoutMs: number,
  timedOut: () => void,
): () => void {
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(deadline);
    deadline = undefined;
  };
  const interval = setInterval(() => {
    if (deadline !== undefined) return;
    deadline = setTimeout(() => {
      stop();
      timedOut();
    }, timeoutMs);
    try {
      socket.ping();
    } catch {
      // Not open any more: the close event ends the connection.
    }
  }, intervalMs);
  interval.unref();
  socket.on("pong", alive);
  socket.on("message", alive);
  const stop = () => {
    clearInterval(interval);
    alive();
    socket.off("pong", alive);
    socket.off("message", alive);
  };
  return stop;
}
