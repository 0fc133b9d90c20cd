import { describe, expect, it } from "vitest";
import { memoryCookieJar } from "../lib/cookies.js";
import { type AccessFetch, checkRegion, isInsideApp, REGION_CHECK_TIMEOUT_MS } from "./region-check.js";

type Answer = boolean | "fail" | "hang";

function fakeFetch(answers: Record<string, Answer>) {
  const calls: { url: string; credentials: string }[] = [];
  const fetch: AccessFetch = (url, init) => {
    calls.push({ url, credentials: init.credentials });
    const origin = Object.keys(answers).find((key) => url.startsWith(key)) ?? "";
    const answer = answers[origin];
    if (answer === "fail") return Promise.reject(new TypeError("network"));
    if (answer === "hang") return new Promise(() => {});
    return Promise.resolve({ ok: true, json: async () => ({ accessible: answer }) });
  };
  return { fetch, calls };
}

function run(
  answers: Record<string, Answer>,
  extra: { cookies?: Record<string, string>; timer?: boolean } = {},
) {
  const cookies = memoryCookieJar(extra.cookies);
  const { fetch, calls } = fakeFetch(answers);
  const timers: Array<{ run: () => void; ms: number }> = [];
  const verdict = checkRegion({
    origins: Object.keys(answers),
    fetch,
    cookies,
    insideApp: false,
    setTimer: (fn, ms) => timers.push({ run: fn, ms }),
  });
  return { verdict, cookies, calls, timers };
}

describe("checkRegion", () => {
  it("grants access when any origin says accessible, for 10 minutes, without credentials", async () => {
    const { verdict, cookies, calls } = run({ "https://a.test": false, "https://b.test": true });
    expect(await verdict).toBe("ok");
    expect(cookies.get("pp_access_to_visit")).toBe("1");
    expect(cookies.options.get("pp_access_to_visit")?.maxAge).toBe(600);
    expect(calls.map((call) => call.url)).toEqual([
      "https://a.test/access_controller/v1/area_accessible",
      "https://b.test/access_controller/v1/area_accessible",
    ]);
    expect(calls.every((call) => call.credentials === "omit")).toBe(true);
  });

  it("grants access when every check fails", async () => {
    const { verdict, cookies } = run({ "https://a.test": "fail", "https://b.test": "fail" });
    expect(await verdict).toBe("ok");
    expect(cookies.get("pp_access_to_visit")).toBe("1");
  });

  it("stores the block verdict when the answers are no", async () => {
    const { verdict, cookies } = run(
      { "": false, "https://b.test": "fail" },
      { cookies: { pp_access_to_visit: "1" } },
    );
    // A cached grant skips the check…
    expect(await verdict).toBe("cached");
    const fresh = run({ "": false, "https://b.test": "fail" });
    expect(await fresh.verdict).toBe("blocked");
    expect(fresh.cookies.get("pp_ip_block")).toBe("blocked");
    expect(fresh.cookies.options.get("pp_ip_block")?.maxAge).toBe(600);
    expect(cookies.get("pp_ip_block")).toBeUndefined();
  });

  it("is abandoned after 5 s without storing anything", async () => {
    const { verdict, cookies, timers } = run({ "": "hang" });
    expect(timers[0]?.ms).toBe(REGION_CHECK_TIMEOUT_MS);
    timers[0]?.run();
    expect(await verdict).toBe("abandoned");
    expect(cookies.names()).toEqual([]);
  });

  it("waits 10 s when the cache is ignored, and re-asks even with a stored verdict", async () => {
    const cookies = memoryCookieJar({ pp_ip_block: "blocked" });
    const timers: number[] = [];
    const verdict = await checkRegion({
      origins: [""],
      fetch: fakeFetch({ "": true }).fetch,
      cookies,
      insideApp: false,
      ignoreCache: true,
      setTimer: (_run, ms) => timers.push(ms),
    });
    expect(timers).toEqual([10_000]);
    expect(verdict).toBe("ok");
    expect(cookies.get("pp_ip_block")).toBeUndefined();
  });

  it("is skipped inside the app", async () => {
    const { fetch, calls } = fakeFetch({ "": false });
    const verdict = await checkRegion({ origins: [""], fetch, cookies: memoryCookieJar(), insideApp: true });
    expect(verdict).toBe("skipped");
    expect(calls).toEqual([]);
  });

  it("knows the app by its bridge or an in-app page", () => {
    expect(isInsideApp({ location: { pathname: "/drive/all" } })).toBe(false);
    expect(isInsideApp({ location: { pathname: "/ja/inapp/widget" } })).toBe(true);
    const withBridge = { location: { pathname: "/" }, NimbusAppBridge: {} };
    expect(isInsideApp(withBridge)).toBe(true);
  });
});
