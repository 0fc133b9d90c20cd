import { NimbusError } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import {
  keysetPage,
  makeJsonPageToken,
  makePageToken,
  readIdPageToken,
  readJsonPageToken,
  readPageToken,
} from "./page-token.js";

const ID = "01HZX3J5Q8W2M4N6P7R9S0T1VA";

function refusal(read: () => unknown): string | undefined {
  try {
    read();
  } catch (error) {
    return error instanceof NimbusError ? error.error : "not a NimbusError";
  }
  return undefined;
}

describe("page tokens", () => {
  it("reads back what it made, and is opaque base64url", () => {
    const token = makePageToken(`top:20`);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readPageToken(token, /^top:(\d+)$/)[1]).toBe("20");
    expect(readIdPageToken(makePageToken(ID))).toBe(ID);
    expect(readJsonPageToken(makeJsonPageToken(["name", 1]))).toEqual(["name", 1]);
  });

  it("answers invalid_page_token for anything damaged or foreign", () => {
    expect(refusal(() => readIdPageToken("garbage!"))).toBe("invalid_page_token");
    expect(refusal(() => readIdPageToken(makePageToken("top:1")))).toBe("invalid_page_token");
    expect(refusal(() => readPageToken(makePageToken(ID), /^top:(\d+)$/))).toBe("invalid_page_token");
    expect(refusal(() => readJsonPageToken(makePageToken("{not json")))).toBe("invalid_page_token");
  });

  it("cuts a limit + 1 keyset query into a page and the next token", () => {
    const rows = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(keysetPage(rows, 2, (row) => row.id)).toEqual({
      rows: rows.slice(0, 2),
      nextPageToken: makePageToken("b"),
    });
    expect(keysetPage(rows, 3, (row) => row.id)).toEqual({ rows, nextPageToken: "" });
  });
});
