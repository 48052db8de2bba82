import { resolve } from "node:path";
import type { TransportHandlers, UnreadableFrame } from "@mcpkit/core";

export const fixture = (name: string): string => resolve(import.meta.dirname, "fixtures", name);

/** Transport handlers that record everything, with a bounded wait for a condition. */
export class Recorder implements TransportHandlers {
  readonly messages: unknown[] = [];
  readonly unreadable: UnreadableFrame[] = [];
  readonly closes: (Error | undefined)[] = [];
  private readonly listeners = new Set<() => void>();

  onMessage = (value: unknown): void => {
    this.messages.push(value);
    this.notify();
  };
  onUnreadable = (frame: UnreadableFrame): void => {
    this.unreadable.push(frame);
    this.notify();
  };
  onClose = (error?: Error): void => {
    this.closes.push(error);
    this.notify();
  };

  /** Resolves once `condition` holds; rejects naming `what` after `ms`. */
  until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolvePromise, reject) => {
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolvePromise();
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
      }, ms);
      this.listeners.add(check);
    });
  }

  messagesCount(count: number, ms?: number): Promise<void> {
    return this.until(() => this.messages.length >= count, `${count} message(s)`, ms);
  }

  closed(ms?: number): Promise<void> {
    return this.until(() => this.closes.length > 0, "onClose", ms);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Lets pending stream callbacks and promise jobs run. */
export const settle = (): Promise<void> => new Promise((resolvePromise) => setImmediate(resolvePromise));
