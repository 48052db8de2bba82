/**
 * A handle on one registration (a tool, resource, template or prompt): disable it, enable it again,
 * change it, or remove it. Each change emits the matching `list_changed`, coalesced.
 *
 * @example
 * ```ts
 * const handle = server.tool({ name: "deploy", inputSchema: { type: "object" } }, () => ({
 *   content: [{ type: "text", text: "deployed" }],
 * }));
 * handle.disable(); // hidden from tools/list, calls get -32602 "Unknown tool"
 * handle.update({ description: "Deploys the current branch" });
 * handle.remove();
 * ```
 */
export interface RegistrationHandle<Definition> {
  /** The registration as it is now. */
  readonly definition: Definition;
  /** Whether the registration is shown to clients and can be used. */
  readonly enabled: boolean;
  /** Whether `remove()` was called. */
  readonly removed: boolean;
  /** Shows the registration to clients again. */
  enable(): void;
  /** Hides the registration: not listed, and using it fails as if it did not exist. */
  disable(): void;
  /** Merges `changes` into the registration (its key, e.g. a tool's name, may change too). */
  update(changes: Partial<Definition>): void;
  /** Removes the registration for good. */
  remove(): void;
}

interface Entry<D> {
  definition: D;
  enabled: boolean;
}

/**
 * Registrations of one kind, in registration order, keyed by name or URI. Keys are unique: a
 * second registration under a key that is in use is a programming error (it throws).
 */
export class Registry<D> {
  private readonly entries = new Map<string, Entry<D>>();

  constructor(
    private readonly keyOf: (definition: D) => string,
    private readonly kind: string,
    private readonly changed: () => void,
    /** Refuses a definition that cannot be served (throws), on `add` and on every `update`. */
    private readonly check: (definition: D) => void = () => {},
  ) {}

  add(definition: D): RegistrationHandle<D> {
    this.check(definition);
    const key = this.keyOf(definition);
    if (this.entries.has(key))
      throw new Error(`a ${this.kind} named ${JSON.stringify(key)} is already registered`);
    const entry: Entry<D> = { definition, enabled: true };
    this.entries.set(key, entry);
    this.changed();
    let removed = false;
    const live = () => {
      if (removed)
        throw new Error(`the ${this.kind} ${JSON.stringify(this.keyOf(entry.definition))} was removed`);
    };
    return {
      get definition() {
        return entry.definition;
      },
      get enabled() {
        return entry.enabled && !removed;
      },
      get removed() {
        return removed;
      },
      enable: () => this.setEnabled(entry, true, live),
      disable: () => this.setEnabled(entry, false, live),
      update: (changes) => {
        live();
        const before = this.keyOf(entry.definition);
        const next = { ...entry.definition, ...changes };
        this.check(next);
        const after = this.keyOf(next);
        if (after !== before) {
          if (this.entries.has(after))
            throw new Error(`a ${this.kind} named ${JSON.stringify(after)} is already registered`);
          // Rebuild the map so the entry keeps its place in the listing order.
          const rebuilt = [...this.entries].map(([k, e]): [string, Entry<D>] => [
            k === before ? after : k,
            e,
          ]);
          this.entries.clear();
          for (const [k, e] of rebuilt) this.entries.set(k, e);
        }
        entry.definition = next;
        this.changed();
      },
      remove: () => {
        if (removed) return;
        removed = true;
        this.entries.delete(this.keyOf(entry.definition));
        this.changed();
      },
    };
  }

  private setEnabled(entry: Entry<D>, enabled: boolean, live: () => void): void {
    live();
    if (entry.enabled === enabled) return;
    entry.enabled = enabled;
    this.changed();
  }

  /** The enabled registration under a key. */
  get(key: string): D | undefined {
    const entry = this.entries.get(key);
    return entry?.enabled ? entry.definition : undefined;
  }

  /** Every enabled registration, in registration order. */
  list(): D[] {
    return [...this.entries.values()].filter((e) => e.enabled).map((e) => e.definition);
  }

  /** Whether anything is registered (enabled or not): what capabilities are derived from. */
  get size(): number {
    return this.entries.size;
  }
}
