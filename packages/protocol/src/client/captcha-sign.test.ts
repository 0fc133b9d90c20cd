import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CAPTCHA_SIGN_VERSION, captchaMeta, captchaSign, DEFAULT_CAPTCHA_SALTS } from "./captcha-sign.js";

const input = {
  clientId: "client-1",
  clientVersion: "1.2.3",
  packageName: "nimbus.web",
  deviceId: "0123456789abcdef0123456789abcdef",
  timestamp: 1_700_000_000_000,
};

/** The spec's rule, computed independently with node:crypto. */
function expected(salts: readonly string[]): string {
  let hash = "client-11.2.3nimbus.web0123456789abcdef0123456789abcdef1700000000000";
  for (const salt of salts)
    hash = createHash("md5")
      .update(hash + salt)
      .digest("hex");
  return `1.${hash}`;
}

describe("captchaSign (spec §7)", () => {
  it("has ten fixed, distinct default salts", () => {
    expect(DEFAULT_CAPTCHA_SALTS).toHaveLength(10);
    expect(new Set(DEFAULT_CAPTCHA_SALTS).size).toBe(10);
  });

  it("is 1.{hash} of repeated MD5 over the joined fields with each salt", () => {
    expect(CAPTCHA_SIGN_VERSION).toBe("1");
    expect(captchaSign(input)).toBe(expected(DEFAULT_CAPTCHA_SALTS));
    expect(captchaSign(input)).toMatch(/^1\.[0-9a-f]{32}$/);
  });

  it("uses configured salts, and a string timestamp equals the number", () => {
    expect(captchaSign(input, ["x", "y"])).toBe(expected(["x", "y"]));
    expect(captchaSign({ ...input, timestamp: "1700000000000" })).toBe(captchaSign(input));
  });

  it("changes with every input field", () => {
    const base = captchaSign(input);
    for (const key of Object.keys(input) as (keyof typeof input)[]) {
      expect(captchaSign({ ...input, [key]: `${input[key]}x` }), key).not.toBe(base);
    }
  });
});

describe("captchaMeta (spec §3)", () => {
  it("carries captcha_sign, client_version, package_name, user_id and timestamp", () => {
    expect(captchaMeta({ ...input, userId: "u1" })).toEqual({
      captcha_sign: captchaSign(input),
      client_version: "1.2.3",
      package_name: "nimbus.web",
      user_id: "u1",
      timestamp: "1700000000000",
    });
  });

  it("sends an empty user_id when nobody is signed in", () => {
    expect(captchaMeta(input).user_id).toBe("");
  });
});
