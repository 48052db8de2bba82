/**
 * Lets runs overlap except those that must run alone. Over HTTP and WebSocket every run talks to
 * one server, so a transcript that changes what the server holds for everyone (a fixture that
 * adds a tool to the list) would show its change to runs in flight beside it, and blame a correct
 * server for a list that "changed as a side effect". Such a run waits for the others to finish
 * and keeps new ones waiting until it is done.
 */
export class RunGate {
  private running = 0;
  private alone = false;
  /** Runs waiting to be alone: new runs queue behind them, so they are not starved. */
  private queuedAlone = 0;
  private readonly waiting: (() => void)[] = [];

  /** Waits until the run may start; returns the function that ends it. */
  async enter(exclusive: boolean): Promise<() => void> {
    if (exclusive) this.queuedAlone++;
    while (this.alone || (exclusive ? this.running > 0 : this.queuedAlone > 0)) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (exclusive) this.queuedAlone--;
    this.running++;
    if (exclusive) this.alone = true;
    return () => {
      this.running--;
      if (exclusive) this.alone = false;
      for (const wake of this.waiting.splice(0)) wake();
    };
  }
}
