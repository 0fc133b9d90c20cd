import { describe, expect, it } from "vitest";
import { parseRange } from "./range.js";

describe("parseRange", () => {
  it.each([
    [undefined, 100, { kind: "full" }],
    ["bytes=0-0", 100, { kind: "partial", range: { start: 0, end: 0 } }],
    ["bytes=10-19", 100, { kind: "partial", range: { start: 10, end: 19 } }],
    ["bytes=90-", 100, { kind: "partial", range: { start: 90, end: 99 } }],
    ["bytes=-10", 100, { kind: "partial", range: { start: 90, end: 99 } }],
    ["bytes=-500", 100, { kind: "partial", range: { start: 0, end: 99 } }],
    ["bytes=50-1000", 100, { kind: "partial", range: { start: 50, end: 99 } }],
    ["bytes=100-", 100, { kind: "unsatisfiable" }],
    ["bytes=-0", 100, { kind: "unsatisfiable" }],
    ["bytes=0-", 0, { kind: "unsatisfiable" }],
    ["bytes=5-2", 100, { kind: "full" }],
    ["bytes=0-1,5-6", 100, { kind: "full" }],
    ["items=0-1", 100, { kind: "full" }],
    ["bytes=-", 100, { kind: "full" }],
    ["bytes=abc", 100, { kind: "full" }],
  ] as const)("%s of %d bytes", (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
