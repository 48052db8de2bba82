/**
 * The suite tests we decided not to pass, each with its reason. Keyed by run, dialect folder,
 * file, group description and test description. A listed test that passes fails the run, so
 * this list only ever holds what is still true.
 */
export interface ExpectedFailure {
  readonly run: string;
  readonly dialect: string;
  readonly file: string;
  readonly group: string;
  /** A test description, or "*" for every test of the group. */
  readonly test: string;
  readonly reason: string;
}

export const expectedFailures: readonly ExpectedFailure[] = [];
