import { describe, expect, it } from "vitest";
import { memoryStorage } from "./platform.js";
import {
  isReferrerEntry,
  MAX_REFERRERS,
  REFERRER_LIST_KEY,
  REFERRER_TTL_MS,
  readReferrers,
  recordReferrer,
  referrersParam,
} from "./referrers.js";

const NOW = 1_700_000_000_000;
const HOUR = 60 * 60 * 1000;
const stored = (storage: ReturnType<typeof memoryStorage>) =>
  JSON.parse(storage.getItem(REFERRER_LIST_KEY) ?? "");

describe("referrer list (spec §3, §5, §9)", () => {
  it("stores the referring host under pp_referer_list for 12 hours", () => {
    expect(REFERRER_LIST_KEY).toBe("pp_referer_list");
    expect(REFERRER_TTL_MS).toBe(12 * HOUR);
    const storage = memoryStorage();
    recordReferrer(storage, {
      referrer: "https://Blog.Example.com:8443/post?x=1",
      currentHost: "nimbus.test",
      now: NOW,
    });
    expect(stored(storage)).toEqual([{ val: "blog.example.com:8443", expired: NOW + 12 * HOUR }]);
  });

  it("ignores a referrer from the same host, and an empty or unreadable one", () => {
    const storage = memoryStorage();
    for (const referrer of ["https://nimbus.test/s/abc", "https://NIMBUS.test/", "", "not a url"]) {
      expect(recordReferrer(storage, { referrer, currentHost: "nimbus.test", now: NOW })).toEqual([]);
    }
  });

  it("drops entries after their expiry", () => {
    const storage = memoryStorage();
    recordReferrer(storage, { referrer: "https://a.test/", currentHost: "nimbus.test", now: NOW });
    expect(readReferrers(storage, NOW + 12 * HOUR - 1)).toHaveLength(1);
    expect(readReferrers(storage, NOW + 12 * HOUR)).toEqual([]);
    recordReferrer(storage, {
      referrer: "https://b.test/",
      currentHost: "nimbus.test",
      now: NOW + 12 * HOUR,
    });
    expect(stored(storage).map((entry: { val: string }) => entry.val)).toEqual(["b.test"]);
  });

  it("keeps at most 10, dropping the oldest", () => {
    expect(MAX_REFERRERS).toBe(10);
    const storage = memoryStorage();
    for (let i = 1; i <= 12; i++) {
      recordReferrer(storage, {
        referrer: `https://site${i}.test/`,
        currentHost: "nimbus.test",
        now: NOW + i,
      });
    }
    const list = readReferrers(storage, NOW + 13);
    expect(list).toHaveLength(10);
    expect(list[0]?.val).toBe("site3.test");
    expect(list[9]?.val).toBe("site12.test");
  });

  it("moves a repeated host to the end with a new expiry", () => {
    const storage = memoryStorage();
    for (const [host, at] of [
      ["a.test", 0],
      ["b.test", 1],
      ["a.test", 2],
    ] as const) {
      recordReferrer(storage, { referrer: `https://${host}/`, currentHost: "nimbus.test", now: NOW + at });
    }
    expect(stored(storage)).toEqual([
      { val: "b.test", expired: NOW + 1 + REFERRER_TTL_MS },
      { val: "a.test", expired: NOW + 2 + REFERRER_TTL_MS },
    ]);
  });

  it("keeps only entries whose val is a string and expired a number", () => {
    expect(isReferrerEntry({ val: "a.test", expired: 1 })).toBe(true);
    expect(isReferrerEntry({ val: 1, expired: 1 })).toBe(false);
    expect(isReferrerEntry({ val: "a.test", expired: "1" })).toBe(false);
    expect(isReferrerEntry(null)).toBe(false);
    const storage = memoryStorage({
      [REFERRER_LIST_KEY]: JSON.stringify([
        { val: "ok.test", expired: NOW + 1, extra: true },
        { val: 5, expired: NOW + 1 },
        { val: "bad.test", expired: "soon" },
        "text",
      ]),
    });
    expect(readReferrers(storage, NOW)).toEqual([{ val: "ok.test", expired: NOW + 1 }]);
  });

  it("reads unreadable storage as an empty list", () => {
    expect(readReferrers(memoryStorage({ [REFERRER_LIST_KEY]: "{oops" }), NOW)).toEqual([]);
    expect(readReferrers(memoryStorage({ [REFERRER_LIST_KEY]: '{"val":"a"}' }), NOW)).toEqual([]);
  });

  it("joins hosts with commas for the invite call", () => {
    expect(
      referrersParam([
        { val: "a.test", expired: 1 },
        { val: "b.test", expired: 2 },
      ]),
    ).toBe("a.test,b.test");
    expect(referrersParam([])).toBe("");
  });
});
