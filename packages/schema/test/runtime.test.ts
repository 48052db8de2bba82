import { describe, expect, it } from "vitest";
import { deepEqual, ucs2length } from "../src/runtime.js";

describe("deepEqual", () => {
  it("compares JSON values structurally", () => {
    expect(deepEqual({ a: [1, { b: "x" }] }, { a: [1, { b: "x" }] })).toBe(true);
    expect(deepEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual({ a: 1 }, { b: 1 })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual("1", 1)).toBe(false);
  });
});

describe("ucs2length", () => {
  it("counts code points, a surrogate pair once", () => {
    expect(ucs2length("abc")).toBe(3);
    expect(ucs2length("a😀b")).toBe(3);
    expect(ucs2length("\ud800")).toBe(1);
    expect(ucs2length("")).toBe(0);
  });
});
