/** A listener's unsubscribe function. */
export type Unsubscribe = () => void;

/**
 * A minimal typed event emitter (no `node:events`, so the package stays runtime-neutral). A
 * throwing listener is reported and does not stop the others.
 */
export class Emitter<Events extends { [K in keyof Events]: unknown }> {
  private readonly listeners = new Map<keyof Events, Set<(value: never) => void>>();

  constructor(private readonly report: (error: Error) => void) {}

  on<K extends keyof Events>(event: K, listener: (value: Events[K]) => void): Unsubscribe {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const entry = listener as (value: never) => void;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  emit<K extends keyof Events>(event: K, value: Events[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as (value: Events[K]) => void)(value);
      } catch (error) {
        this.report(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
