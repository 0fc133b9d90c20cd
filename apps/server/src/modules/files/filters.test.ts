import { describe, expect, it } from "vitest";
import { parseFilters } from "./filters.js";
import { decodePageToken, encodePageToken } from "./page-token.js";
import { compareText, sortSpec } from "./sort-orders.js";

describe("filters", () => {
  it("parses the eq filters public clients send", () => {
    expect(parseFilters(undefined)).toEqual({});
    expect(
      parseFilters(
        '{"trashed":{"eq":false},"phase":{"eq":"PHASE_TYPE_COMPLETE"},"kind":{"eq":"drive#folder"}}',
      ),
    ).toEqual({
      trashed: false,
      phase: "PHASE_TYPE_COMPLETE",
      kind: "drive#folder",
    });
  });

  it.each([
    "{",
    "[]",
    "null",
    '"x"',
    '{"trashed":true}',
    '{"trashed":{"eq":"no"}}',
    '{"phase":{"eq":"DONE"}}',
    '{"size":{"eq":1}}',
    '{"trashed":{"eq":true,"in":[1]}}',
  ])("rejects %s with invalid_filters", (raw) => {
    expect(() => parseFilters(raw)).toThrowError(expect.objectContaining({ error: "invalid_filters" }));
  });
});

describe("filters: every field and operator", () => {
  it("parses in, gt/lt, contains and the boolean fields", () => {
    expect(
      parseFilters(
        JSON.stringify({
          kind: { in: ["drive#file", "drive#file"] },
          phase: { in: ["PHASE_TYPE_COMPLETE", "PHASE_TYPE_PENDING"] },
          starred: { eq: true },
          mime_category: { in: ["image", "video"] },
          modified_time: { gt: "2026-01-01T00:00:00Z", lt: 1_800_000_000_000 },
          created_time: { gt: 1 },
          name: { contains: "Report" },
        }),
      ),
    ).toEqual({
      kind: ["drive#file"],
      phase: ["PHASE_TYPE_COMPLETE", "PHASE_TYPE_PENDING"],
      starred: true,
      mime_category: ["image", "video"],
      modified_after: Date.parse("2026-01-01T00:00:00Z"),
      modified_before: 1_800_000_000_000,
      created_after: 1,
      name_contains: "Report",
    });
    expect(parseFilters('{"name":{"eq":"a.txt"},"mime_category":{"eq":"archive"}}')).toEqual({
      name_eq: "a.txt",
      mime_category: "archive",
    });
  });
});

describe("page tokens", () => {
  const spec = sortSpec("NAME_ASC");

  it("round-trips a cursor made for the same order", () => {
    const cursor = { order: spec.name, pinned: true, kind: "drive#file", values: ["名前 (1).txt", "01ABC"] };
    expect(decodePageToken(encodePageToken(cursor), spec, true)).toEqual(cursor);
    expect(decodePageToken(undefined, spec, true)).toBeUndefined();
    expect(decodePageToken("", spec, true)).toBeUndefined();
  });

  it("rejects a token of another order or folder pinning", () => {
    const token = encodePageToken({ order: spec.name, pinned: true, kind: "drive#file", values: ["a", "1"] });
    expect(() => decodePageToken(token, sortSpec("size_desc"), true)).toThrowError(
      expect.objectContaining({ error: "invalid_page_token" }),
    );
    expect(() => decodePageToken(token, spec, false)).toThrowError(
      expect.objectContaining({ error: "invalid_page_token" }),
    );
    const sized = encodePageToken({
      order: "size_asc",
      pinned: true,
      kind: "drive#file",
      values: ["12", "1"],
    });
    expect(() => decodePageToken(sized, sortSpec("7"), true)).toThrowError(
      expect.objectContaining({ error: "invalid_page_token" }),
    );
  });

  it.each([
    "%%%",
    "bm90IGpzb24",
    Buffer.from("[1,2]").toString("base64url"),
    Buffer.from('["a"]').toString("base64url"),
  ])("rejects %s with invalid_page_token", (token) => {
    expect(() => decodePageToken(token, spec, true)).toThrowError(
      expect.objectContaining({ error: "invalid_page_token" }),
    );
  });
});

describe("sort keys", () => {
  it("compare text by code point, as the databases do, not by UTF-16 unit", () => {
    expect(compareText("\uffff", "😀")).toBe(-1); // U+FFFF < U+1F600, though "😀" starts with 0xD83D
    expect(compareText("a", "B")).toBe(1);
    expect(compareText("ab", "a")).toBe(1);
    expect(compareText("é", "é")).toBe(0);
  });

  it("maps both order sets of spec §3 to the same keys", () => {
    expect(sortSpec("3").name).toBe("type_desc");
    expect(sortSpec("5")).toEqual(sortSpec("mod_asc"));
    expect(sortSpec("6")).toEqual(sortSpec("mod_desc"));
    expect(sortSpec("7")).toEqual(sortSpec("size_asc"));
    expect(sortSpec("8")).toEqual(sortSpec("size_desc"));
    expect(sortSpec("NAME_DESC")).toEqual(sortSpec("name_desc"));
    expect(sortSpec().name).toBe("mod_desc");
  });
});
