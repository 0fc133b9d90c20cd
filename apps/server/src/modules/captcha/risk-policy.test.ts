import { describe, expect, it } from "vitest";
import type { CaptchaConfig } from "../../config/shield-config.js";
import { MemoryRateLimitStore } from "../rate-limits/memory-rate-limit-store.js";
import { ADDRESS_FACTOR, normalizeAccount, RiskPolicy, type RiskSubject } from "./risk-policy.js";

const CONFIG: CaptchaConfig = {
  mode: "risk",
  actions: [],
  signClients: [],
  tokenTtlMs: 300_000,
  failureThreshold: 3,
  codeSendThreshold: 5,
  initLimit: 4,
  pow: { cost: 1, maxCounter: 10 },
};
const SUBJECT: RiskSubject = {
  action: "POST:/v1/auth/signin",
  ip: "198.51.100.1",
  deviceId: "dev",
  account: "a@b.c",
};

function setup(config: Partial<CaptchaConfig> = {}) {
  const store = new MemoryRateLimitStore({ now: () => 0 });
  const hit = async (key: string, times: number) => {
    for (let i = 0; i < times; i += 1) await store.hit(key, 3_600_000);
  };
  return { store, hit, policy: new RiskPolicy(store, { ...CONFIG, ...config }) };
}

describe("RiskPolicy", () => {
  it("sees no risk in a clean first attempt", async () => {
    expect(await setup().policy.assess(SUBJECT)).toBeUndefined();
  });

  it("follows the mode: always challenges, off never", async () => {
    expect(await setup({ mode: "always" }).policy.assess(SUBJECT)).toBe("mode_always");
    const off = setup({ mode: "off" });
    await off.hit("signin-fail:account:a@b.c", 10);
    expect(await off.policy.assess(SUBJECT)).toBeUndefined();
  });

  it("asks for a challenge after the account's or device's sign-in failures reach the threshold", async () => {
    const { policy, hit } = setup();
    await hit("signin-fail:account:a@b.c", 2);
    expect(await policy.assess(SUBJECT)).toBeUndefined();
    await hit("signin-fail:account:a@b.c", 1);
    expect(await policy.assess(SUBJECT)).toBe("signin_failures");
    expect(await policy.assess({ ...SUBJECT, account: "other@b.c" })).toBeUndefined();
    const device = setup();
    await device.hit("signin-fail:device:dev", 3);
    expect(await device.policy.assess({ ...SUBJECT, account: "" })).toBe("signin_failures");
  });

  it("gives an address, shared by many people, ten times the room", async () => {
    const { policy, hit } = setup();
    await hit("signin-fail:ip:198.51.100.1", 3 * ADDRESS_FACTOR - 1);
    expect(await policy.assess(SUBJECT)).toBeUndefined();
    await hit("signin-fail:ip:198.51.100.1", 1);
    expect(await policy.assess(SUBJECT)).toBe("signin_failures");
  });

  it("reads code sends per target and sign-ups per address", async () => {
    const sends = setup();
    await sends.hit("code-send:target:a@b.c", 5);
    expect(await sends.policy.assess(SUBJECT)).toBe("code_sends");
    const signups = setup();
    await signups.hit("signup:ip:198.51.100.1", 5 * ADDRESS_FACTOR);
    expect(await signups.policy.assess(SUBJECT)).toBe("signups");
  });

  it("reads wrong share passcodes per share and address, and forgives them after a challenge", async () => {
    const { policy, hit } = setup();
    const onShare = { ...SUBJECT, action: "GET:/drive/v1/share", shareId: "sh1" };
    await hit("share-pass-code:sh1:198.51.100.1", 9);
    expect(await policy.assess(onShare)).toBeUndefined();
    await hit("share-pass-code:sh1:198.51.100.1", 1);
    expect(await policy.assess(onShare)).toBe("passcode_guesses");
    expect(await policy.assess({ ...onShare, shareId: "sh2" })).toBeUndefined();
    await policy.forgivePassCodeGuesses(onShare);
    expect(await policy.assess(onShare)).toBeUndefined();
  });

  it("flags an init burst per device", async () => {
    const { policy } = setup();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await policy.recordInit(SUBJECT));
    expect(answers).toEqual([false, false, false, false, true]);
  });

  it("normalizes accounts as accounts records them", () => {
    expect(normalizeAccount("  Alice@Example.COM ")).toBe("alice@example.com");
    expect(normalizeAccount(undefined)).toBe("");
    expect(normalizeAccount(" +1 (555) 123-4567")).toBe("+15551234567");
    expect(normalizeAccount("Alice")).toBe("alice");
  });
});
