import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifiedToken } from "../support/mail.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp } from "../support/users.js";

const OWNER_DEVICE = "0".repeat(32);
const ATTACKER_DEVICE = "a".repeat(32);
const ATTACKER_IP = "203.0.113.9";

describe("a freeze locks out the attacking source, not the account's owner", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_MODE: "off", SIGNIN_FREEZE_AFTER: "4" } });
  });
  afterAll(() => t.close());

  const signin = (payload: Record<string, unknown>, from: { ip: string; device?: string }) =>
    t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      remoteAddress: from.ip,
      headers: from.device ? { "x-device-id": from.device } : {},
      payload,
    });

  it("lets the owner in from a known device or by a mailed code while the attacker stays frozen", async () => {
    const user = await signUp(t.app);
    const home = { ip: "198.51.100.7", device: OWNER_DEVICE };
    expect((await signin({ username: user.email, password: user.password }, home)).statusCode).toBe(200);

    const attacker = { ip: ATTACKER_IP, device: ATTACKER_DEVICE };
    for (let i = 0; i < 6; i++) await signin({ username: user.email, password: `guess ${i}` }, attacker);
    const frozen = await signin({ username: user.email, password: user.password }, attacker);
    expect(frozen.json().error).toBe("account_freeze");
    // A fresh device id from the same address does not buy more guesses.
    const newDevice = await signin(
      { username: user.email, password: user.password },
      { ip: ATTACKER_IP, device: "b".repeat(32) },
    );
    expect(newDevice.json().error).toBe("account_freeze");

    const known = await signin({ username: user.email, password: user.password }, home);
    expect(known.statusCode).toBe(200);

    const verification_token = await verifiedToken(t.app, user.email, "SIGN_IN");
    const byCode = await signin({ verification_token }, { ip: "192.0.2.44", device: "c".repeat(32) });
    expect(byCode.statusCode).toBe(200);

    // Somewhere new is only slowed down by the account's failures, not frozen by the attacker's.
    const elsewhere = await signin(
      { username: user.email, password: user.password },
      { ip: "192.0.2.45", device: "d".repeat(32) },
    );
    expect(elsewhere.statusCode).toBe(200);

    expect((await signin({ username: user.email, password: user.password }, attacker)).json().error).toBe(
      "account_freeze",
    );
  });

  it("judges a known device by its own failures only", async () => {
    const user = await signUp(t.app);
    const home = { ip: "198.51.100.8", device: "e".repeat(32) };
    expect((await signin({ username: user.email, password: user.password }, home)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      await signin({ username: user.email, password: `guess ${i}` }, { ip: home.ip, device: "f".repeat(32) });
    // Same address as the attacker, but the owner's own device.
    expect((await signin({ username: user.email, password: user.password }, home)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await signin({ username: user.email, password: `typo ${i}` }, home);
    expect((await signin({ username: user.email, password: user.password }, home)).json().error).toBe(
      "account_freeze",
    );
  });
});
