import { Deadline, quiet } from "./deadline.js";
import type { ResolvedOptions } from "./options.js";
import { Recorder } from "./recorder.js";
import type { ContractTransport, TransportPair, TransportPairFactory } from "./types.js";

/** One end of an open pair, with the handlers that record what it was told. */
export interface Side {
  readonly label: string;
  readonly transport: ContractTransport;
  readonly log: Recorder;
}

/** A started pair. */
export interface Session {
  readonly a: Side;
  readonly b: Side;
  readonly pair: TransportPair;
}

/** What a check gets: the options, its deadline, and a way to open started pairs. */
export interface CheckEnv {
  readonly options: ResolvedOptions;
  readonly deadline: Deadline;
  /** A fresh pair from the factory, `b` started before `a`; disposed after the check. */
  open(): Promise<Session>;
  /** Waits `quietMs`. */
  quiet(): Promise<void>;
}

export interface ContractCheck {
  /** Stable, for `runContractCheck`: `<group>/<name>`. */
  readonly id: string;
  readonly title: string;
  /** Why the check does not apply under these options, or undefined when it does. */
  skip?(options: ResolvedOptions): string | undefined;
  run(env: CheckEnv): Promise<void>;
}

/** Disposal gets its own budget so a check that used all of its time still cleans up. */
const DISPOSE_BUDGET_MS = 5_000;

/** Runs one check against fresh pairs and disposes them, reporting the check's failure first. */
export async function runCheck(
  check: ContractCheck,
  factory: TransportPairFactory,
  options: ResolvedOptions,
): Promise<void> {
  const deadline = new Deadline(options.timeoutMs);
  const pairs: TransportPair[] = [];
  const env: CheckEnv = {
    options,
    deadline,
    quiet: () => quiet(options.quietMs),
    open: async () => {
      const pair = await deadline.within(factory(), "the factory to make a pair");
      pairs.push(pair);
      const prefix = pairs.length === 1 ? "" : `pair ${pairs.length} `;
      const a: Side = { label: `${prefix}a`, transport: pair.a, log: new Recorder(`${prefix}a`, deadline) };
      const b: Side = { label: `${prefix}b`, transport: pair.b, log: new Recorder(`${prefix}b`, deadline) };
      await deadline.within(b.transport.start(b.log), `${b.label}.start()`);
      await deadline.within(a.transport.start(a.log), `${a.label}.start()`);
      return { a, b, pair };
    },
  };
  let failure: { error: unknown } | undefined;
  try {
    await check.run(env);
  } catch (error) {
    failure = { error };
  }
  const disposal = await new Deadline(DISPOSE_BUDGET_MS)
    .within(Promise.allSettled(pairs.map((pair) => pair.dispose())), "dispose()")
    .then(
      (results) =>
        results.find((result): result is PromiseRejectedResult => result.status === "rejected")?.reason,
      (error: unknown) => error,
    );
  if (failure) throw failure.error;
  if (disposal !== undefined) throw disposal;
}
