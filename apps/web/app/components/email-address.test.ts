import { describe, expect, it } from "vitest";
import { emailBreakParts } from "./email-address.js";

describe("emailBreakParts", () => {
  it("offers breaks only before the @ and the dots", () => {
    expect(emailBreakParts("ada.lovelace@analytical-engine.example.com")).toEqual([
      "ada",
      ".lovelace",
      "@analytical-engine",
      ".example",
      ".com",
    ]);
    expect(emailBreakParts("plain")).toEqual(["plain"]);
    expect(emailBreakParts("ada.lovelace@example.com").join("")).toBe("ada.lovelace@example.com");
  });
});
