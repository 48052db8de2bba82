import type { ClientExtras } from "../connect.js";
import type { Io } from "../io.js";
import { serverRequestHandlers } from "./answers.js";
import { Asker } from "./ask.js";

/** The person at the terminal, as the server's requests reach them. */
export interface Person {
  /** Elicitation and sampling handlers for the client. */
  readonly handlers: ClientExtras;
  /** Stops asking (closes the terminal reader so the process can exit). */
  close(): void;
}

/**
 * Answers the server's elicitation and sampling requests: asked at the terminal when stdin is one
 * and `noInput` is false, else declined or refused. `onInterrupt` runs on Ctrl-C during a question;
 * `before` runs before anything is shown (to end a progress bar's line).
 */
export function person(
  io: Io,
  noInput: boolean,
  onInterrupt: () => void,
  before: () => void = () => {},
): Person {
  const asker = !noInput && io.inIsTty ? new Asker(io, onInterrupt) : undefined;
  return { handlers: serverRequestHandlers(io, asker, before), close: () => asker?.close() };
}
