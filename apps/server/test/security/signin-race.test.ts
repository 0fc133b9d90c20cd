import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp } from "../support/users.js";

const verifications = vi.hoisted(() => ({ count: 0 }));

vi.mock("../../src/modules/auth/passwords.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/modules/auth/passwords.js")>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      verifications.count += 1;
      return real.verifyPassword(hash, password);
    },
    verifyDecoy: (password: string) => {
      verifications.count += 1;
      return real.verifyDecoy(password);
    },
  };
});

const FREEZE_AFTER = 10;

describe("sign-in limits under concurrency", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { CAPTCHA_MODE: "off", SIGNIN_FREEZE_AFTER: String(FREEZE_AFTER) },
    });
  });
  afterAll(() => t.close());

  it("verifies a password no more often than the freeze limit allows, however many race", async () => {
    const user = await signUp(t.app);
    verifications.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/v1/auth/signin",
          payload: { username: user.email, password: `wrong ${i}` },
        }),
      ),
    );
    const errors = answers.map((a) => a.json().error);
    expect(errors.every((e) => e === "invalid_account_or_password" || e === "account_freeze")).toBe(true);
    expect(verifications.count).toBeLessThanOrEqual(FREEZE_AFTER);
    expect(errors.filter((e) => e === "account_freeze").length).toBeGreaterThanOrEqual(40 - FREEZE_AFTER);
  });

  it("asks for a captcha once the failures in flight reach its threshold, before checking more passwords", async () => {
    const risky = await createTestApp({
      env: { CAPTCHA_MODE: "risk", CAPTCHA_FAILURES: "3", SIGNIN_FREEZE_AFTER: String(FREEZE_AFTER) },
    });
    try {
      const user = await signUp(risky.app);
      verifications.count = 0;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          risky.app.inject({
            method: "POST",
            url: "/v1/auth/signin",
            headers: { "x-device-id": "9".repeat(32) },
            payload: { username: user.email, password: `wrong ${i}` },
          }),
        ),
      );
      expect(verifications.count).toBeLessThanOrEqual(3);
      const errors = answers.map((a) => a.json().error);
      expect(errors.filter((e) => e === "captcha_required").length).toBeGreaterThanOrEqual(37);
    } finally {
      await risky.close();
    }
  });
});
