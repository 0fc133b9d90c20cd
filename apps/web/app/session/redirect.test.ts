import { describe, expect, it } from "vitest";
import { anonymousDriveRedirect, loginPathFor, safeRedirect } from "./redirect.js";

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

describe("anonymousDriveRedirect", () => {
  const at = (path: string) => new URL(`https://drive.example${path}`);

  it("sends an anonymous visitor of a drive page to the sign-in page, coming back", () => {
    expect(anonymousDriveRedirect(at("/drive/all"), false)).toBe("/drive/login?redirect=%2Fdrive%2Fall");
    expect(anonymousDriveRedirect(at("/drive"), false)).toBe("/drive/login?redirect=%2Fdrive");
    expect(anonymousDriveRedirect(at("/drive/trash?parent_id=F"), false)).toBe(
      "/drive/login?redirect=%2Fdrive%2Ftrash%3Fparent_id%3DF",
    );
    expect(anonymousDriveRedirect(at("/drive/account"), false)).toContain("/drive/login?");
  });

  it("leaves signed-in visitors, open pages, shares and page actions alone", () => {
    expect(anonymousDriveRedirect(at("/drive/all"), true)).toBeNull();
    expect(anonymousDriveRedirect(at("/drive/all?origin=https%3A%2F%2Fapp.example"), false)).toBeNull();
    expect(anonymousDriveRedirect(at("/drive/login"), false)).toBeNull();
    expect(anonymousDriveRedirect(at("/drive/payment/storage"), false)).toBeNull();
    expect(anonymousDriveRedirect(at("/s/abc"), false)).toBeNull();
    expect(anonymousDriveRedirect(at("/inapp/shop"), false)).toBeNull();
    expect(anonymousDriveRedirect(at("/drive/all?action=show_login"), false)).toBeNull();
  });
});
