import { describe, expect, it } from "vitest";
import { createLayoutState, isMobileWidth, MOBILE_MAX_WIDTH_PX } from "./layout-state.js";

describe("layout state (spec §3, §9)", () => {
  it("starts with every flag false, the creation time and no routing path", () => {
    expect(createLayoutState(() => 1_700_000_000_000)).toEqual({
      sidebarMobileVisible: false,
      i18nMenuPopoverVisible: false,
      isMobile: false,
      darkMode: false,
      isCollapse: false,
      serverTime: 1_700_000_000_000,
      routingPath: null,
    });
  });

  it("takes the creation time from the clock by default", () => {
    const before = Date.now();
    const { serverTime } = createLayoutState();
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(Date.now());
  });

  it("is mobile up to 768 px wide", () => {
    expect(MOBILE_MAX_WIDTH_PX).toBe(768);
    expect(isMobileWidth(320)).toBe(true);
    expect(isMobileWidth(768)).toBe(true);
    expect(isMobileWidth(768.5)).toBe(false);
    expect(isMobileWidth(769)).toBe(false);
  });
});
