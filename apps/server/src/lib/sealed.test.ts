import { describe, expect, it } from "vitest";
import { Sealer } from "./sealed.js";

describe("Sealer", () => {
  it("round-trips, hides the text and refuses another key or purpose", () => {
    const sealer = new Sealer("k".repeat(32), "archive-password");
    const sealed = sealer.seal("hunter2 ✓");
    expect(sealed).not.toContain("hunter2");
    expect(sealer.open(sealed)).toBe("hunter2 ✓");
    expect(() => new Sealer("x".repeat(32), "archive-password").open(sealed)).toThrow();
    expect(() => new Sealer("k".repeat(32), "other").open(sealed)).toThrow();
  });
});
