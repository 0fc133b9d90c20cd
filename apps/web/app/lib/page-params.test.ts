import { describe, expect, it } from "vitest";
import { flagParam, HIDE_HEADER_KEY, headerHidden, readPageParams } from "./page-params.js";
import { memoryStorage } from "./platform.js";

describe("page parameters of spec §2 (decision 0039)", () => {
  it("reads flags as 1, true or yes only", () => {
    expect(["1", "true", "YES", " yes "].map(flagParam)).toEqual([true, true, true, true]);
    expect(["0", "false", "", "on"].map(flagParam)).toEqual([false, false, false, false]);
    expect(flagParam(null)).toBe(false);
  });

  it("reads scene, hide_header, launcher, speed_save and snapshot", () => {
    expect(readPageParams("")).toEqual({ speedSave: false, snapshot: false });
    expect(readPageParams("?scene=cloud_page&speed_save=1")).toEqual({
      scene: "cloud_page",
      speedSave: true,
      snapshot: false,
    });
    expect(readPageParams("?scene=drop_tables").scene).toBeUndefined();
    expect(readPageParams("?hide_header=0").hideHeader).toBe(false);
    expect(readPageParams("?launcher=android").hideHeader).toBe(true);
    expect(readPageParams("?launcher=android&hide_header=false").hideHeader).toBe(false);
    expect(readPageParams("?snapshot=1")).toMatchObject({ snapshot: true, hideHeader: true });
    expect(readPageParams(`?launcher=${"x".repeat(100)}`).launcher).toHaveLength(64);
  });

  it("remembers a hidden header for the tab until the query shows it again", () => {
    const session = memoryStorage();
    expect(headerHidden(readPageParams("?hide_header=1"), session)).toBe(true);
    expect(session.getItem(HIDE_HEADER_KEY)).toBe("1");
    expect(headerHidden(readPageParams("?other=1"), session)).toBe(true);
    expect(headerHidden(readPageParams("?hide_header=0"), session)).toBe(false);
    expect(headerHidden(readPageParams(""), session)).toBe(false);
    expect(headerHidden(readPageParams(""), undefined)).toBe(false);
  });
});
