import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirect } from "./redirect.js";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/s/abc?x=1")).toBe("/s/abc?x=1");
    expect(safeRedirect("/ja/tv?user_code=ABCD")).toBe("/ja/tv?user_code=ABCD");
  });

  it("refuses other sites, scheme-relative and backslash tricks, and the login page itself", () => {
    for (const value of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
    ]) {
      expect(safeRedirect(value)).toBe("/drive/all");
    }
    expect(safeRedirect("/drive/login?redirect=/x")).toBe("/drive/all");
  });
});

describe("loginPathFor", () => {
  it("comes back to where the user was", () => {
    expect(loginPathFor("/en-US/tv?user_code=AB")).toBe(
      "/drive/login?redirect=%2Fen-US%2Ftv%3Fuser_code%3DAB",
    );
    expect(loginPathFor("/drive/login")).toBe("/drive/login");
  });
});
