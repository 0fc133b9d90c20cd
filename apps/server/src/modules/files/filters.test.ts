import { describe, expect, it } from "vitest";
import { parseFilters } from "./filters.js";
import { decodePageToken, encodePageToken } from "./page-token.js";

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

describe("page tokens", () => {
  it("round-trips a cursor", () => {
    const cursor = { name: "名前 (1).txt", id: "01ABC" };
    expect(decodePageToken(encodePageToken(cursor))).toEqual(cursor);
    expect(decodePageToken(undefined)).toBeUndefined();
    expect(decodePageToken("")).toBeUndefined();
  });

  it.each([
    "%%%",
    "bm90IGpzb24",
    Buffer.from("[1,2]").toString("base64url"),
    Buffer.from('["a"]').toString("base64url"),
  ])("rejects %s with invalid_page_token", (token) => {
    expect(() => decodePageToken(token)).toThrowError(
      expect.objectContaining({ error: "invalid_page_token" }),
    );
  });
});
