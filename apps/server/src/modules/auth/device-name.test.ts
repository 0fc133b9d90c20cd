import { describe, expect, it } from "vitest";
import { formatUserCode, normalizeUserCode } from "./device-flow.js";
import { describeDevice } from "./device-name.js";

describe("device labels and user codes", () => {
  it("labels common browsers and systems", () => {
    const chrome =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
    const edge = `${chrome} Edg/130.0.0.0`;
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    expect(describeDevice(chrome)).toBe("Chrome on Windows");
    expect(describeDevice(edge)).toBe("Edge on Windows");
    expect(describeDevice(iphone)).toBe("Safari on iOS");
    expect(describeDevice("nimbus-cli/0.3")).toBe("");
  });
  it("reads a user code in any spelling", () => {
    expect(normalizeUserCode("bcdf ghjk")).toBe("BCDFGHJK");
    expect(normalizeUserCode("BCDF-GHJK")).toBe("BCDFGHJK");
    expect(formatUserCode("BCDFGHJK")).toBe("BCDF-GHJK");
  });
});
