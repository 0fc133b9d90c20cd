import { describe, expect, it } from "vitest";
import { equalSecret } from "./constant-time.js";

describe("equalSecret", () => {
  it("tells equal secrets from different ones", () => {
    expect(equalSecret("at.abc", "at.abc")).toBe(true);
    expect(equalSecret("at.abc", "at.abd")).toBe(false);
    expect(equalSecret(Buffer.from("00ff", "hex"), Buffer.from("00ff", "hex"))).toBe(true);
    expect(equalSecret(Buffer.from("00ff", "hex"), Buffer.from("00fe", "hex"))).toBe(false);
  });

  it("answers false for different lengths and empty input without throwing", () => {
    expect(equalSecret("abc", "abcd")).toBe(false);
    expect(equalSecret("", "x")).toBe(false);
    expect(equalSecret("", "")).toBe(true);
    expect(equalSecret("abc", Buffer.from("abc"))).toBe(true);
  });
});
