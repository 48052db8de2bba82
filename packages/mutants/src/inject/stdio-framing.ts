import { PassThrough, type Readable, Writable } from "node:stream";
import type { Assembly } from "@mcpkit/reference";
import { StdioServerTransport } from "@mcpkit/transport-stdio";

/** How a stdio defect changes the bytes the reference writes and reads. */
export interface StdioFraming {
  /** Rewrites each complete stdout line (without its `\n`); returns the exact text to write. */
  readonly writeLine?: (line: string) => string;
  /** Text written to stdout before anything else (e.g. a banner). */
  readonly banner?: string;
  /** Hides end-of-file on stdin from the server (it never learns the client went away). */
  readonly hideEof?: boolean;
  /** The encoding stdout lines are written in (default UTF-8). */
  readonly encoding?: "latin1";
}

/** A writable that splits what it receives into lines and writes each rewritten line to `out`. */
function lineRewriter(
  out: NodeJS.WritableStream,
  writeLine: (line: string) => string,
  encoding: BufferEncoding = "utf8",
): Writable {
  let pending = "";
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      let end = pending.indexOf("\n");
      while (end >= 0) {
        out.write(Buffer.from(writeLine(pending.slice(0, end)), encoding));
        pending = pending.slice(end + 1);
        end = pending.indexOf("\n");
      }
      done();
    },
  });
}

/**
 * Replaces the reference's stdio transport by one whose framing has a defect (the server
 * definition is untouched). Other transports are served as the reference serves them.
 */
export function stdioFraming(framing: StdioFraming): (assembly: Assembly) => Assembly {
  return (assembly) => {
    if (assembly.config.transport !== "stdio") return assembly;
    const serve: Assembly["serve"] = async ({ server }, _config, security) => {
      if (framing.banner !== undefined) process.stdout.write(framing.banner);
      let input: Readable = process.stdin;
      if (framing.hideEof) {
        const pipe = new PassThrough();
        process.stdin.pipe(pipe, { end: false });
        // Like a server with a forgotten timer: something keeps the process alive after EOF.
        process.stdin.once("end", () => setInterval(() => {}, 60_000));
        input = pipe;
      }
      const rewrites = framing.writeLine !== undefined || framing.encoding !== undefined;
      const output = rewrites
        ? lineRewriter(process.stdout, framing.writeLine ?? ((line) => `${line}\n`), framing.encoding)
        : process.stdout;
      const session = await server.connect(
        new StdioServerTransport({
          input,
          output,
          maxMessageBytes: security.maxMessageBytes,
          endOutputOnClose: false,
        }),
      );
      return { url: undefined, closed: session.closed, close: () => session.close() };
    };
    return { ...assembly, serve };
  };
}
