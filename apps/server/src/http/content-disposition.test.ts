import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition.js";

describe("contentDisposition", () => {
  it("keeps ASCII names and encodes them in filename*", () => {
    expect(contentDisposition("attachment", "report.pdf")).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
  });
  it("escapes quotes and non-ASCII in the fallback, keeps UTF-8 in filename*", () => {
    expect(contentDisposition("inline", `résumé "final" 100%.txt`)).toBe(
      `inline; filename="r_sum_ _final_ 100_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22%20100%25.txt`,
    );
  });
  it("encodes characters RFC 8187 reserves", () => {
    expect(contentDisposition("attachment", "a'(b)*.txt")).toContain("filename*=UTF-8''a%27%28b%29%2A.txt");
  });
});
