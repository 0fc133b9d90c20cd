import { NimbusError } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { normalWord } from "./sensitive-words.js";

describe("normalWord", () => {
  it("trims and lower-cases, as the share check compares", () => {
    expect(normalWord("  Lisbon ")).toBe("lisbon");
    expect(normalWord("ÉTÉ")).toBe("été");
    expect(normalWord("违禁")).toBe("违禁");
  });

  it("refuses an empty or over-long word with invalid_argument", () => {
    for (const typed of ["", "   ", "x".repeat(101)]) {
      expect(() => normalWord(typed)).toThrow(NimbusError);
      try {
        normalWord(typed);
      } catch (error) {
        expect((error as NimbusError).error).toBe("invalid_argument");
      }
    }
    expect(normalWord("x".repeat(100))).toHaveLength(100);
  });
});
