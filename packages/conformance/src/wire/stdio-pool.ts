import type { Json } from "../model/json.js";
import { isObject } from "../model/json.js";
import type { Inbox } from "../run/inbox.js";
import { withTimeout } from "../run/time.js";
import type { StdioProcess } from "./stdio-process.js";
import { StdioServerWire } from "./stdio-server.js";

/** A process between runs: the handshake it went through and what that captured. */
interface Idle {
  proc: StdioProcess;
  handshake: Record<string, Json>;
}

/**
 * Server processes over stdio that runs may share (`run/shareable.ts`): idle ones are kept by key
 * (revision and client capabilities: what the handshake said), at most `maxIdle` in all (the
 * oldest is stopped first), each stopped as soon as it writes anything while idle or goes away.
 */
export class StdioPool {
  /** Idle processes, the longest idle first. */
  private idle: { key: string; entry: Idle }[] = [];
  private fences = 0;
  private closed = false;
  /** Processes started and runs that reused one (for `--timing`). */
  readonly stats = { started: 0, reused: 0, rerun: 0 };

  constructor(
    readonly command: string,
    private readonly maxIdle: number,
  ) {}

  /** The idle process for `key` that waited least, if it is still clean. */
  take(key: string): Idle | undefined {
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const found = this.idle[i] as { key: string; entry: Idle };
      if (found.key !== key) continue;
      this.idle.splice(i, 1);
      const proc = found.entry.proc;
      if (!proc.gone.settled && proc.strays === 0) {
        this.stats.reused++;
        return found.entry;
      }
      void proc.handle.stop();
    }
    return undefined;
  }

  /** Keeps a clean process for another run of `key` (or stops it when the pool is closed). */
  give(key: string, entry: Idle): void {
    if (this.closed || entry.proc.gone.settled) {
      void entry.proc.handle.stop();
      return;
    }
    entry.proc.onLine = undefined;
    entry.proc.onGone = () => void entry.proc.handle.stop();
    this.idle.push({ key, entry });
    // The longest idle goes first: runs execute revision by revision, so it is the least needed.
    while (this.idle.length > this.maxIdle) void this.idle.shift()?.entry.proc.handle.stop();
  }

  /** A fresh id for a fence `ping`. */
  fenceId(): string {
    return `mcpkit-conformance-fence-${++this.fences}`;
  }

  /** Stops every idle process; later `give`s stop theirs. */
  async close(): Promise<void> {
    this.closed = true;
    const stops: Promise<void>[] = [];
    for (const { entry } of this.idle) stops.push(entry.proc.handle.stop());
    this.idle = [];
    await Promise.all(stops);
  }
}

/** A map key that keeps 1 and "1" apart. */
function idKey(id: Json | undefined): string {
  return JSON.stringify(id ?? null);
}

/**
 * A stdio wire whose process may have served an earlier run of the same key (its handshake then
 * is not repeated: `handshake` holds what it captured) and may serve a later one: `recycle` hands
 * it back when the run left nothing behind (every request answered both ways, a `ping` fence
 * answered first).
 */
export class PooledStdioWire extends StdioServerWire {
  /** Set when this run got a process an earlier run opened: the handshake is done. */
  handshake: Record<string, Json> | undefined;
  private captured: Record<string, Json> | undefined;
  /** Requests the runner sent and the server has not answered, and the other way round. */
  private readonly open = new Set<string>();
  private readonly serverOpen = new Set<string>();

  constructor(
    inbox: Inbox,
    private readonly pool: StdioPool,
    private readonly key: string,
    /** Makes the fence `ping` a request of the run's revision (the 2026-07-28 `_meta` envelope). */
    private readonly fence: (id: string) => Json,
    private readonly fenceTimeoutMs: number,
  ) {
    super(inbox, pool.command);
  }

  /** Whether this run's process served an earlier run. */
  get reused(): boolean {
    return this.handshake !== undefined;
  }

  protected override start(): StdioProcess {
    const taken = this.pool.take(this.key);
    if (taken) {
      this.handshake = taken.handshake;
      this.attach(taken.proc);
      return taken.proc;
    }
    this.pool.stats.started++;
    return super.start();
  }

  /** What the handshake captured on this process, kept for the runs that share it later. */
  rememberHandshake(vars: Record<string, Json>): void {
    this.captured = vars;
  }

  protected override received(line: string, invalidUtf8 = false): void {
    this.track(line, false);
    super.received(line, invalidUtf8);
  }

  override async send(out: Parameters<StdioServerWire["send"]>[0]): Promise<undefined> {
    this.track(out.text, true);
    return super.send(out);
  }

  private track(text: string, sent: boolean): void {
    let value: Json;
    try {
      value = JSON.parse(text) as Json;
    } catch {
      return;
    }
    for (const message of Array.isArray(value) ? value : [value]) {
      if (!isObject(message) || !Object.hasOwn(message, "id")) continue;
      const key = idKey(message.id);
      const request = Object.hasOwn(message, "method");
      const [mine, theirs] = sent ? [this.open, this.serverOpen] : [this.serverOpen, this.open];
      if (request) mine.add(key);
      else theirs.delete(key);
    }
  }

  /** The run is over and went well: keep the process for another run if it is clean, else stop it. */
  async recycle(): Promise<void> {
    const proc = this.proc;
    const handshake = this.handshake ?? this.captured;
    if (!proc || handshake === undefined || !(await this.fenced(proc))) return this.dispose();
    this.pool.give(this.key, { proc, handshake });
  }

  /** Nothing unanswered, and a `ping` answered (with a result or an error) before anything else arrives. */
  private async fenced(proc: StdioProcess): Promise<boolean> {
    if (proc.gone.settled || this.open.size > 0 || this.serverOpen.size > 0 || proc.strays > 0) return false;
    const id = this.pool.fenceId();
    let resolve!: (clean: boolean) => void;
    const answered = new Promise<boolean>((r) => {
      resolve = r;
    });
    let first = true;
    proc.onLine = (line) => {
      // Whatever follows the fence's answer came unasked, between runs.
      if (!first) {
        proc.strays++;
        return;
      }
      first = false;
      let message: Json | undefined;
      try {
        message = JSON.parse(line) as Json;
      } catch {
        // Not JSON: not the fence's answer.
      }
      // Any answer will do (a revision without `ping` answers -32601): the order is the point.
      resolve(
        isObject(message) && message.id === id && (isObject(message.result) || isObject(message.error)),
      );
    };
    proc.onGone = () => resolve(false);
    proc.write(`${JSON.stringify(this.fence(id))}\n`);
    const clean = await withTimeout(answered, this.fenceTimeoutMs, "fence").catch(() => false);
    proc.onLine = undefined;
    return clean && proc.strays === 0 && !proc.gone.settled;
  }
}
