// The raw baseline's line framing as one helper, for the profiling tools. The baseline's own
// client and server keep it written out inline, as a hand-written client would.

/** Calls `onLine` with every `\n`-terminated line of a readable stream, decoded as UTF-8. */
export function onLines(stream, onLine) {
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    buffered += chunk;
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      onLine(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf("\n");
    }
  });
}
