import type { Bus, Unsubscribe } from "./bus.js";

/** Options of {@link MemoryBus}. */
export interface MemoryBusOptions {
  /** Most subscriptions open at once; `subscribe` past it rejects. Default 100 000. */
  readonly maxSubscriptions?: number;
}

type Listener = (message: string) => void;

/**
 * The in-process {@link Bus}: every server given the same instance is one fleet (the default is
 * one bus per server, so a process alone is a fleet of one). Listeners run in a microtask after
 * `publish`, in publish order; a throwing listener does not stop the others.
 *
 * @example
 * ```ts
 * const bus = new MemoryBus();
 * const stop = await bus.subscribe("changes", (text) => console.log(text));
 * await bus.publish("changes", '{"type":"resource","uri":"file:///a"}');
 * await stop();
 * ```
 */
export class MemoryBus implements Bus {
  private readonly channels = new Map<string, Set<Listener>>();
  private readonly max: number;
  private count = 0;

  constructor(options: MemoryBusOptions = {}) {
    this.max = options.maxSubscriptions ?? 100_000;
  }

  /** Subscriptions open now. */
  get subscriptionCount(): number {
    return this.count;
  }

  async publish(channel: string, message: string): Promise<void> {
    const listeners = this.channels.get(channel);
    if (!listeners) return;
    // A snapshot: who listens now gets it, whoever subscribes or leaves meanwhile does not change that.
    const targets = [...listeners];
    queueMicrotask(() => {
      for (const listener of targets) {
        try {
          listener(message);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    });
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<Unsubscribe> {
    if (this.count >= this.max) {
      throw new RangeError(`the bus holds ${this.max} subscriptions, its limit (maxSubscriptions)`);
    }
    // Each subscription is its own entry, even for the same function.
    const own: Listener = (message) => listener(message);
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
    }
    listeners.add(own);
    this.count += 1;
    let open = true;
    return async () => {
      if (!open) return;
      open = false;
      this.count -= 1;
      const set = this.channels.get(channel);
      set?.delete(own);
      if (set?.size === 0) this.channels.delete(channel);
    };
  }
}
