import { captchaMeta, DEFAULT_CAPTCHA_SALTS } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "../rate-limits/memory-rate-limit-store.js";
import { CaptchaService } from "./captcha-service.js";
import { checkCaptchaSign } from "./captcha-sign-check.js";

const NOW = 1_700_000_000_000;
const input = {
  clientId: "nimbus-desktop",
  clientVersion: "1.2.0",
  packageName: "app.nimbus",
  deviceId: "dev",
};

describe("checkCaptchaSign", () => {
  it("accepts the signature the protocol client computes with the client's salts", () => {
    const meta = captchaMeta({ ...input, timestamp: NOW - 1000 });
    expect(
      checkCaptchaSign(DEFAULT_CAPTCHA_SALTS, { clientId: input.clientId, deviceId: "dev", meta, now: NOW }),
    ).toBe("valid");
  });

  it("refuses other salts, another device, a stale timestamp or a missing signature", () => {
    const meta = captchaMeta({ ...input, timestamp: NOW }, ["other"]);
    const check = (m: typeof meta | Record<string, string>, deviceId = "dev", now = NOW) =>
      checkCaptchaSign(DEFAULT_CAPTCHA_SALTS, { clientId: input.clientId, deviceId, meta: m, now });
    expect(check(meta)).toBe("invalid");
    const good = captchaMeta({ ...input, timestamp: NOW });
    expect(check(good, "another")).toBe("invalid");
    expect(check(good, "dev", NOW + 2 * 86_400_000)).toBe("invalid");
    expect(check({ client_version: "1.2.0" })).toBe("invalid");
  });

  it("checks nothing for a client without salts, nor sign-in metadata", () => {
    expect(checkCaptchaSign(undefined, { clientId: "x", deviceId: "d", meta: {}, now: NOW })).toBe(
      "unchecked",
    );
    expect(
      checkCaptchaSign(DEFAULT_CAPTCHA_SALTS, {
        clientId: "x",
        deviceId: "d",
        meta: { email: "a@b.c" },
        now: NOW,
      }),
    ).toBe("unchecked");
  });
});

describe("CaptchaService.init with a salted client", () => {
  const service = new CaptchaService({
    config: {
      mode: "risk",
      actions: ["POST:/drive/v1/files"],
      signClients: [],
      tokenTtlMs: 300_000,
      failureThreshold: 3,
      codeSendThreshold: 5,
      initLimit: 30,
      pow: { cost: 1, maxCounter: 10 },
    },
    secretKey: "k".repeat(40),
    publicUrl: "http://nimbus.test",
    clock: { now: () => NOW },
    rateLimits: new MemoryRateLimitStore({ now: () => NOW }),
    salts: (clientId) => (clientId === input.clientId ? DEFAULT_CAPTCHA_SALTS : undefined),
  });
  const base = {
    clientId: input.clientId,
    action: "POST:/drive/v1/files",
    deviceId: "dev",
    ip: "198.51.100.1",
    locale: "en-US",
  };

  it("answers a token for a correct captcha_sign and captcha_invalid for a wrong one", async () => {
    const answer = await service.init({ ...base, meta: captchaMeta({ ...input, timestamp: NOW }) });
    expect(answer).toHaveProperty("captcha_token");
    await expect(
      service.init({ ...base, meta: captchaMeta({ ...input, timestamp: NOW }, ["forged"]) }),
    ).rejects.toMatchObject({ error: "captcha_invalid" });
  });

  it("does not check clients configured without salts", async () => {
    const answer = await service.init({ ...base, clientId: "nimbus-web", meta: { captcha_sign: "1.bogus" } });
    expect(answer).toHaveProperty("captcha_token");
  });
});
