import { describe, expect, it, vi } from "vitest";
import {
  type BuildManifest,
  createBuildWatch,
  isNewBuild,
  parseBuildManifest,
  pathChecks,
} from "./build-check.js";

const RULES = { check_paths: ["/drive/", "/s/"], interval_seconds: 900 };
const manifest = (id: string | null): BuildManifest => ({ id, rules: RULES });

describe("build manifest", () => {
  it("parses the answer and refuses a malformed one", () => {
    expect(parseBuildManifest({ id: "abc", rules: RULES })).toEqual(manifest("abc"));
    expect(parseBuildManifest({ id: null, rules: { check_paths: ["/s/", 3], interval_seconds: 5 } })).toEqual(
      {
        id: null,
        rules: { check_paths: ["/s/"], interval_seconds: 60 },
      },
    );
    expect(parseBuildManifest({ id: 5, rules: RULES })).toBeUndefined();
    expect(parseBuildManifest("nope")).toBeUndefined();
  });

  it("checks the pages the route rules name", () => {
    expect(pathChecks("/drive/all", RULES.check_paths)).toBe(true);
    expect(pathChecks("/drive", RULES.check_paths)).toBe(true);
    expect(pathChecks("/s/abc/def", RULES.check_paths)).toBe(true);
    expect(pathChecks("/faq", RULES.check_paths)).toBe(false);
    expect(pathChecks("/drivers", RULES.check_paths)).toBe(false);
  });

  it("sees a new build only when both ids are known and differ", () => {
    expect(isNewBuild("a", "b")).toBe(true);
    expect(isNewBuild("a", "a")).toBe(false);
    expect(isNewBuild(undefined, "b")).toBe(false);
    expect(isNewBuild("a", null)).toBe(false);
  });
});

describe("createBuildWatch", () => {
  function watch(answers: (BuildManifest | undefined | Error)[], path = "/drive/all") {
    let clock = 0;
    const fetchManifest = vi.fn(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next;
    });
    const onNewBuild = vi.fn();
    const w = createBuildWatch({
      running: "old",
      fetchManifest,
      pathname: () => path,
      onNewBuild,
      now: () => clock,
    });
    return { w, fetchManifest, onNewBuild, tick: (ms: number) => (clock += ms) };
  }

  it("asks at once, then not before the interval, and offers a new build once", async () => {
    const { w, fetchManifest, onNewBuild, tick } = watch([
      manifest("old"),
      manifest("new"),
      manifest("newer"),
    ]);
    expect(await w.check()).toBe(false);
    tick(60_000);
    expect(await w.check()).toBe(false);
    expect(fetchManifest).toHaveBeenCalledTimes(1);
    tick(900_000);
    expect(await w.check()).toBe(true);
    expect(onNewBuild).toHaveBeenCalledWith("new");
    tick(900_000);
    expect(await w.check()).toBe(true);
    expect(fetchManifest).toHaveBeenCalledTimes(2);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(w.intervalMs()).toBe(900_000);
  });

  it("a failed or unreadable answer offers nothing and is asked again later", async () => {
    const { w, onNewBuild, tick } = watch([new Error("offline"), undefined, manifest("new")]);
    expect(await w.check()).toBe(false);
    tick(60_000);
    expect(await w.check()).toBe(false);
    tick(60_000);
    expect(await w.check()).toBe(true);
    expect(onNewBuild).toHaveBeenCalledOnce();
  });

  it("a page the rules leave out offers nothing, nor does a page without a known build", async () => {
    const outside = watch([manifest("new"), manifest("new")], "/faq");
    expect(await outside.w.check()).toBe(false);
    outside.tick(10_000_000);
    expect(await outside.w.check()).toBe(false);
    expect(outside.fetchManifest).toHaveBeenCalledTimes(1);
    const onNewBuild = vi.fn();
    const unknown = createBuildWatch({
      running: undefined,
      fetchManifest: async () => manifest("new"),
      pathname: () => "/drive/all",
      onNewBuild,
    });
    expect(await unknown.check()).toBe(false);
    expect(onNewBuild).not.toHaveBeenCalled();
  });
});
