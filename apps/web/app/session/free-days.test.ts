import { describe, expect, it } from "vitest";
import { FREE_DAYS_COOKIE, memoryCookieJar } from "../lib/cookies.js";
import { memoryStorage } from "../lib/platform.js";
import { REFERRER_LIST_KEY } from "../lib/referrers.js";
import {
  freeDaysOf,
  inviteRequest,
  markInviteCalled,
  shouldCallInvite,
  signupAttribution,
  storeFreeDays,
} from "./free-days.js";

describe("the after-sign-in invite flow (spec §4)", () => {
  it("calls only for a user without premium, free days or an earlier call", () => {
    const storage = memoryStorage();
    expect(shouldCallInvite("u1", { status: "invalid" }, memoryCookieJar(), storage)).toBe(true);
    expect(shouldCallInvite("u1", { status: "ok" }, memoryCookieJar(), storage)).toBe(false);
    expect(shouldCallInvite("u1", undefined, memoryCookieJar({ [FREE_DAYS_COOKIE]: "3" }), storage)).toBe(
      false,
    );
    markInviteCalled("u1", storage);
    expect(shouldCallInvite("u1", { status: "invalid" }, memoryCookieJar(), storage)).toBe(false);
    expect(shouldCallInvite("u2", { status: "invalid" }, memoryCookieJar(), storage)).toBe(true);
  });

  it("keeps positive free days in the cookie for that many days", () => {
    const jar = memoryCookieJar();
    expect(storeFreeDays(jar, 0)).toBe(false);
    expect(freeDaysOf(jar)).toBe(0);
    expect(storeFreeDays(jar, 5)).toBe(true);
    expect(freeDaysOf(jar)).toBe(5);
    expect(jar.options.get(FREE_DAYS_COOKIE)?.maxAge).toBe(5 * 24 * 60 * 60);
  });

  it("sends from, the page, the source and the referring hosts", () => {
    const now = 1_000_000;
    const storage = memoryStorage({
      [REFERRER_LIST_KEY]: JSON.stringify([
        { val: "a.example", expired: now + 1 },
        { val: "b.example", expired: now + 1 },
      ]),
    });
    const jar = memoryCookieJar({ pp_source: "newsletter" });
    expect(inviteRequest({ host: "nimbus.test", pathname: "/drive/all" }, jar, storage, now)).toEqual({
      from: "web",
      rr: "nimbus.test/drive/all",
      tf: "newsletter",
      rf: "a.example,b.example",
    });
  });
});

describe("attribution sent with sign-up (spec §3, §9)", () => {
  it("sends the attribution cookies and the unexpired referring hosts, newest first", () => {
    const now = 5_000_000;
    const storage = memoryStorage({
      [REFERRER_LIST_KEY]: JSON.stringify([
        { val: "old.example", expired: now - 1 },
        { val: "a.example", expired: now + 1 },
        { val: "b.example", expired: now + 2 },
      ]),
    });
    const jar = memoryCookieJar({ pp_source: "newsletter", pp_campaign: "spring" });
    expect(signupAttribution(jar, storage, now)).toEqual({
      attribution: { source: "newsletter", campaign: "spring" },
      referrers: ["b.example", "a.example"],
    });
  });

  it("sends nothing when the visitor came with neither", () => {
    expect(signupAttribution(memoryCookieJar(), memoryStorage(), 1)).toEqual({});
    expect(signupAttribution(memoryCookieJar(), undefined, 1)).toEqual({});
  });
});
