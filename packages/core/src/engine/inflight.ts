import type { RequestId } from "../jsonrpc/types.js";

/**
 * Requests by id (at most one entry per id), in arrival order: the inbound ones whose handlers
 * run, and the outbound ones awaiting answers. Requests usually come one at a time: a single one
 * takes a slot, and a map is made only while several are open at once (and dropped when they are
 * done), so an idle connection holds no table and one call at a time churns no map.
 */
export class InflightTable<Entry extends { readonly id: RequestId }> {
  private single: Entry | undefined;
  private many: Map<RequestId, Entry> | undefined;

  get size(): number {
    return this.many ? this.many.size : this.single ? 1 : 0;
  }

  get(id: RequestId): Entry | undefined {
    if (this.many) return this.many.get(id);
    return this.single?.id === id ? this.single : undefined;
  }

  has(id: RequestId): boolean {
    return this.get(id) !== undefined;
  }

  /** Adds an entry; its id must not be in the table. */
  add(entry: Entry): void {
    if (!this.many) {
      if (!this.single) {
        this.single = entry;
        return;
      }
      this.many = new Map([[this.single.id, this.single]]);
      this.single = undefined;
    }
    this.many.set(entry.id, entry);
  }

  /** Removes this very entry (not another one that has since taken its id). */
  delete(entry: Entry): void {
    if (this.single === entry) {
      this.single = undefined;
      return;
    }
    if (this.many?.get(entry.id) !== entry) return;
    this.many.delete(entry.id);
    if (this.many.size === 0) this.many = undefined;
  }

  /** A snapshot of the entries, oldest first. */
  entries(): Entry[] {
    if (this.many) return [...this.many.values()];
    return this.single ? [this.single] : [];
  }
}
