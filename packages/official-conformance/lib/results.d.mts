/** One scenario of one leg, as read from the official CLI's checks.json. */
export interface ScenarioResult {
  scenario: string;
  passed: number;
  failures: Array<{ id: string; status: "FAILURE" | "WARNING"; message: string }>;
  /** Checks the suite itself reported as SKIPPED. */
  skipped: Array<{ id: string; message: string }>;
  resultDir: string;
}

export function readScenarioResults(outDir: string, kind: "server" | "client"): ScenarioResult[];

export function readExpectedFailures(text: string): { server: string[]; client: string[] };
