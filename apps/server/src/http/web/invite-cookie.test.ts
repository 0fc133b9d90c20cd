import { describe, expect, it } from "vitest";
import { inviteCookie } from "./invite-cookie.js";

describe("invite cookie", () => {
  it("keeps an invite link's code for 30 days", () => {
    expect(inviteCookie("/?invite=ab23cdef", true)).toBe(
      "pp_invite=AB23CDEF; Max-Age=2592000; Path=/; SameSite=Lax; HttpOnly; Secure",
    );
    expect(inviteCookie("/en/referral?x=1&invite=AB23CDEF", false)).toMatch(
      /^pp_invite=AB23CDEF;.*HttpOnly$/,
    );
  });

  it("ignores addresses without a well-formed code", () => {
    expect(inviteCookie("/", false)).toBeUndefined();
    expect(inviteCookie("/?invite=", false)).toBeUndefined();
    expect(inviteCookie("/?invite=a%3Bb%3Dc", false)).toBeUndefined();
    expect(inviteCookie(`/?invite=${"A".repeat(40)}`, false)).toBeUndefined();
  });
});
