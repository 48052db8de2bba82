/** A compiler error that documented snippets may show for now, with why. */
export interface ToleratedProblem {
  readonly code: number;
  readonly message: RegExp;
  readonly reason: string;
}

/** Compiler errors that documented snippets may show, each with why. None today. */
export const toleratedProblems: readonly ToleratedProblem[] = [];

/** Whether a problem is one of {@link toleratedProblems}. */
export function isTolerated(problem: { readonly code: number; readonly message: string }): boolean {
  return toleratedProblems.some((t) => t.code === problem.code && t.message.test(problem.message));
}
