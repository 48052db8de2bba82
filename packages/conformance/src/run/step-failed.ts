import type { Failure } from "../model/result.js";

/** A step failure raised inside a step implementation. */
export class StepFailed extends Error {
  constructor(
    readonly reason: string,
    readonly details: Partial<Pick<Failure, "expected" | "actual" | "mismatch">> = {},
  ) {
    super(reason);
  }
}
