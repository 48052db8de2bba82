/**
 * Runs `handler` on the first Ctrl-C (SIGINT); a second one exits at once (130). Answers a function
 * that removes the handler.
 */
export function onInterrupt(handler: () => void): () => void {
  let seen = false;
  const listener = () => {
    if (seen) process.exit(130);
    seen = true;
    handler();
  };
  process.on("SIGINT", listener);
  return () => process.off("SIGINT", listener);
}
