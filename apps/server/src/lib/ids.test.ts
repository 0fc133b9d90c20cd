import { describe, expect, it } from "vitest";
import { isId, newId } from "./ids.js";

describe("ids", () => {
  it("are 26 Crockford base32 characters, unique, and ordered by creation time", () => {
    const ids = Array.from({ length: 1000 }, (_, i) => newId(1_700_000_000_000 + i));
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(isId("not-an-id")).toBe(false);
  });

  it("stay unique within one millisecond, across refills of the random pool", () => {
    const ids = Array.from({ length: 2000 }, () => newId(1_700_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(0, 10))).size).toBe(1);
    expect(new Set(ids.map((id) => id.slice(10))).size).toBe(ids.length);
  });
});
