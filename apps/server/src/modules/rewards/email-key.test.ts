import { describe, expect, it } from "vitest";
import { canonicalActivationCode, newActivationCode } from "./code-alphabet.js";
import { emailKey, maskName } from "./email-key.js";

describe("email key", () => {
  it("folds case, +tags, and Gmail's dots and alias domain", () => {
    expect(emailKey("Bob.Smith+promo@Example.com")).toBe("bob.smith@example.com");
    expect(emailKey("b.o.b+1@googlemail.com")).toBe("bob@gmail.com");
    expect(emailKey("BOB@gmail.com")).toBe("bob@gmail.com");
  });

  it("masks names for other people's eyes", () => {
    expect(maskName("alice@example.com")).toBe("al***@example.com");
    expect(maskName("Zoë")).toBe("Zo***");
  });
});

describe("activation code alphabet", () => {
  it("makes 16 unambiguous symbols in groups and reads typed forms back", () => {
    const code = newActivationCode();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    expect(canonicalActivationCode(` ${code.toLowerCase()} `)).toBe(code.replaceAll("-", ""));
    expect(canonicalActivationCode("0000-1111-OOOO-IIII")).toBeUndefined();
    expect(canonicalActivationCode("ABCD")).toBeUndefined();
  });
});
