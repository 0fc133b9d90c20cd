import { describe, expect, it } from "vitest";
import { normalizePhone, parseAccountName } from "./identifiers.js";

describe("account names", () => {
  it("tells emails, phone numbers and usernames apart, normalized", () => {
    expect(parseAccountName(" Ada@Example.COM ")).toEqual({ kind: "email", value: "ada@example.com" });
    expect(parseAccountName("+1 (555) 010-4477")).toEqual({ kind: "phone", value: "+15550104477" });
    expect(parseAccountName("8613800138000")).toEqual({ kind: "phone", value: "+8613800138000" });
    expect(parseAccountName("Grace_H")).toEqual({ kind: "username", value: "grace_h" });
    expect(parseAccountName("a1b2c3")).toEqual({ kind: "username", value: "a1b2c3" });
  });

  it("keeps only the digits of a phone number, behind a +", () => {
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
  });
});
