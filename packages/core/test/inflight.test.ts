import { describe, expect, it } from "vitest";
import { InflightTable } from "../src/engine/inflight.js";

const entry = (id: string | number) => ({ id });

describe("InflightTable (running inbound requests by id)", () => {
  it("holds one entry without a map, and finds it by id only", () => {
    const table = new InflightTable<{ id: string | number }>();
    const a = entry(1);
    table.add(a);
    expect([table.size, table.get(1), table.has("1"), table.entries()]).toEqual([1, a, false, [a]]);
    table.delete(a);
    expect([table.size, table.get(1), table.entries()]).toEqual([0, undefined, []]);
  });

  it("keeps several in arrival order, and forgets them one by one", () => {
    const table = new InflightTable<{ id: string | number }>();
    const [a, b, c] = [entry(1), entry("x"), entry(3)];
    table.add(a);
    table.add(b);
    table.add(c);
    expect(table.entries()).toEqual([a, b, c]);
    table.delete(b);
    expect([table.size, table.get("x"), table.get(3)]).toEqual([2, undefined, c]);
    table.delete(a);
    table.delete(c);
    expect([table.size, table.entries()]).toEqual([0, []]);
    table.add(b);
    expect([table.size, table.get("x")]).toEqual([1, b]);
  });

  it("deletes only the very entry given, not a later one that took its id", () => {
    const table = new InflightTable<{ id: string | number }>();
    const first = entry(7);
    table.add(first);
    table.delete(first);
    const second = entry(7);
    table.add(second);
    table.delete(first);
    expect(table.get(7)).toBe(second);
    table.add(entry(8));
    table.delete(first);
    expect(table.get(7)).toBe(second);
  });
});
