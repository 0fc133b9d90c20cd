import { describe, expect, it } from "vitest";
import { CaptchaTokens } from "./captcha-tokens.js";

const SECRET = "s".repeat(40);

describe("CaptchaTokens", () => {
  it("reads back what it issued, with its expiry", () => {
    let now = 1_000_000;
    const tokens = new CaptchaTokens(SECRET, { now: () => now }, 300_000);
    const issued = tokens.issue({
      action: "POST:/v1/auth/signin",
      deviceId: "d",
      clientId: "c",
      level: "challenge",
    });
    expect(issued.expiresIn).toBe(300);
    const grant = tokens.read(issued.token);
    expect(grant).toMatchObject({
      action: "POST:/v1/auth/signin",
      deviceId: "d",
      clientId: "c",
      level: "challenge",
      expiresAt: 1_300_000,
    });
    expect(grant && tokens.isExpired(grant)).toBe(false);
    now = 1_300_000;
    expect(grant && tokens.isExpired(grant)).toBe(true);
  });

  it("refuses tokens signed with another key, altered or malformed", () => {
    const clock = { now: () => 0 };
    const mine = new CaptchaTokens(SECRET, clock, 1000);
    const theirs = new CaptchaTokens("t".repeat(40), clock, 1000);
    const token = theirs.issue({ action: "a", deviceId: "d", clientId: "c", level: "pass" }).token;
    expect(mine.read(token)).toBeUndefined();
    const own = mine.issue({ action: "a", deviceId: "d", clientId: "c", level: "pass" }).token;
    const [prefix, body, mac] = own.split(".");
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body ?? "", "base64url").toString()), l: 1 }),
    ).toString("base64url");
    expect(mine.read(`${prefix}.${altered}.${mac}`)).toBeUndefined();
    expect(mine.read("nonsense")).toBeUndefined();
    expect(mine.read("ck1.")).toBeUndefined();
  });
});
