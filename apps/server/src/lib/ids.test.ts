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
});
