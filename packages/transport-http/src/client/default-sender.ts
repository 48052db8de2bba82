import { FetchSender } from "./fetch-sender.js";
import type { HttpSender } from "./http-sender.js";

/** Makes the sender a transport uses when given neither `sender` nor `fetch`. */
export type SenderFactory = () => HttpSender;

// Web runtimes: the global fetch, looked up per call so a fetch patched later is used.
let factory: SenderFactory = () => new FetchSender((input, init) => fetch(input, init));

/**
 * Makes the default sender for one transport. The Node entry point (`index.node.ts`) installs
 * the node:http one with {@link useDefaultSender}, so the web entry never loads `node:` modules.
 */
export function defaultSender(): HttpSender {
  return factory();
}

/** Replaces the default sender of transports made from now on. */
export function useDefaultSender(make: SenderFactory): void {
  factory = make;
}
