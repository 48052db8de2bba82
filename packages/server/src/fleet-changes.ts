import { type Bus, BusChannel, type Unsubscribe } from "@mcpkit/core";
import type { ListKind } from "./session.js";

/** A change every process of a fleet announces to its own sessions. */
export type FleetChange =
  | { readonly type: "list"; readonly kind: ListKind }
  | { readonly type: "resource"; readonly uri: string };

const KINDS: ReadonlySet<string> = new Set(["tools", "resources", "prompts"]);

/**
 * A server's part in its fleet's change announcements: what this process announces (list changes,
 * `resourceUpdated`) goes on the bus's `changes` channel, and what other processes announce is
 * applied to this process's sessions. Joined on the first `connect`, left on `close`.
 */
export class FleetChanges {
  /** This process's id on the bus; drawn on first use, since a definition made at module scope (a Worker) may not draw random values. */
  private fromId: string | undefined;
  private joining: Promise<void> | undefined;
  private stop: Unsubscribe | undefined;
  private left = false;

  constructor(
    private readonly bus: Bus,
    /** Applies another process's change to this process's sessions. */
    private readonly apply: (change: FleetChange) => void,
    private readonly report: (error: Error) => void,
  ) {}

  /** Listens to the fleet's changes (once); resolves once listening. */
  join(): Promise<void> {
    this.left = false;
    this.joining ??= this.bus
      .subscribe(BusChannel.changes, (text) => this.heard(text))
      .then(
        (stop) => {
          if (this.left) void stop().catch((error: unknown) => this.report(asError(error)));
          else this.stop = stop;
        },
        (error: unknown) => {
          this.joining = undefined;
          this.report(asError(error));
        },
      );
    return this.joining;
  }

  /** Whether this server listens to its fleet (it has served a session). */
  get joined(): boolean {
    return this.stop !== undefined;
  }

  private get from(): string {
    this.fromId ??= crypto.randomUUID();
    return this.fromId;
  }

  /** Tells the other processes about a change of this one. */
  publish(change: FleetChange): void {
    this.bus
      .publish(BusChannel.changes, JSON.stringify({ ...change, from: this.from }))
      .catch((error: unknown) => this.report(asError(error)));
  }

  /** Stops listening (the server closed); a later `join` listens again. */
  async leave(): Promise<void> {
    this.left = true;
    this.joining = undefined;
    const stop = this.stop;
    this.stop = undefined;
    await stop?.();
  }

  private heard(text: string): void {
    let message: { type?: unknown; kind?: unknown; uri?: unknown; from?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch (error) {
      this.report(asError(error));
      return;
    }
    if (message.from === this.from) return;
    if (message.type === "resource" && typeof message.uri === "string") {
      this.apply({ type: "resource", uri: message.uri });
    } else if (message.type === "list" && typeof message.kind === "string" && KINDS.has(message.kind)) {
      this.apply({ type: "list", kind: message.kind as ListKind });
    }
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
