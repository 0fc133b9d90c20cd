import { describe, expect, it } from "vitest";
import { ALLOW_ANALYSIS_KEY, analysisAllowed, dispatchAnalytics, setAnalysisAllowed } from "./analytics.js";
import { memoryStorage } from "./platform.js";

function target() {
  const seen: Event[] = [];
  return { seen, dispatchEvent: (event: Event) => seen.push(event) > 0 };
}

describe("allow_analysis", () => {
  it("sends analytics unless this browser turned them off", () => {
    const storage = memoryStorage();
    const window = target();
    expect(analysisAllowed(storage)).toBe(true);
    expect(dispatchAnalytics({ type: "X" }, window, storage)).toBe(true);
    expect((window.seen[0] as CustomEvent).detail).toEqual({ type: "X" });
    expect(window.seen[0]?.type).toBe("nimbus:analytics");

    setAnalysisAllowed(false, storage);
    expect(storage.getItem(ALLOW_ANALYSIS_KEY)).toBe("0");
    expect(dispatchAnalytics({ type: "Y" }, window, storage)).toBe(false);
    expect(window.seen).toHaveLength(1);

    setAnalysisAllowed(true, storage);
    expect(storage.getItem(ALLOW_ANALYSIS_KEY)).toBe("1");
    expect(dispatchAnalytics({ type: "Z" }, window, storage)).toBe(true);
  });

  it("sends nothing without a window, and survives blocked storage", () => {
    expect(dispatchAnalytics({ type: "X" }, undefined, memoryStorage())).toBe(false);
    const blocked = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error("blocked");
      },
    };
    expect(() => setAnalysisAllowed(false, blocked)).not.toThrow();
  });
});
