import type { Logger } from "../../src/index.js";

/** One entry a {@link RecordingLogger} was given. */
export interface LogEntry {
  readonly severity: keyof Logger;
  readonly fields: Record<string, unknown>;
  readonly message: string;
}

/** A logger that keeps what it is given, in order. */
export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];
  error = (fields: Record<string, unknown>, message: string) => this.record("error", fields, message);
  warn = (fields: Record<string, unknown>, message: string) => this.record("warn", fields, message);
  info = (fields: Record<string, unknown>, message: string) => this.record("info", fields, message);
  debug = (fields: Record<string, unknown>, message: string) => this.record("debug", fields, message);

  /** `severity message` of each entry. */
  get lines(): string[] {
    return this.entries.map((e) => `${e.severity} ${e.message}`);
  }

  private record(severity: keyof Logger, fields: Record<string, unknown>, message: string): void {
    this.entries.push({ severity, fields, message });
  }
}
