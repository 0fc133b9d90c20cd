import { captchaMeta } from "@nimbus/protocol";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { targetOf } from "../src/modules/accounts/identifiers.js";
import { MemoryRateLimitStore } from "../src/modules/rate-limits/memory-rate-limit-store.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const ACTION = "POST:/test/protected";
const GUESS = "GET:/test/guess";
const DEVICE = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
let offset = 0;
const clock = { now: () => Date.now() + offset };
/** The counters accounts and shares record into (sign-in failures, wrong passcodes), seeded by the tests. */
let rateLimits = new MemoryRateLimitStore(clock);
async function record(key: string, times: number) {
  for (let i = 0; i < times; i += 1) await rateLimits.hit(key, 3_600_000);
}

function testRoutes(t: { app: TestApp["app"] }) {
  t.app.post("/test/protected", async () => ({ ok: true }));
  t.app.post("/test/other", async () => ({ ok: true }));
  t.app.get("/test/guess", async () => ({ ok: true }));
}

async function boot(env: Record<string, string>): Promise<TestApp> {
  rateLimits = new MemoryRateLimitStore(clock);
  return createTestApp({
    rateLimits,
    env: {
      CAPTCHA_ACTIONS: `${ACTION},POST:/test/other,${GUESS}`,
      CAPTCHA_POW_COST: "1",
      CAPTCHA_POW_COUNTER: "40",
      TRUST_PROXY: "true",
      ...env,
    },
    clock,
    beforeReady: (app) => testRoutes({ app }),
  });
}

async function init(t: TestApp, body: Record<string, unknown> = {}, ip = "198.51.100.1") {
  const response = await t.app.inject({
    method: "POST",
    url: "/v1/shield/captcha/init",
    headers: { "x-forwarded-for": ip, "accept-language": "ja" },
    payload: { client_id: "nimbus-web", action: ACTION, device_id: DEVICE, ...body },
  });
  return { status: response.statusCode, body: response.json() };
}

async function call(t: TestApp, token: string | undefined, options: { url?: string; device?: string } = {}) {
  const headers: Record<string, string> = {
    "x-device-id": options.device ?? DEVICE,
    "x-client-id": "nimbus-web",
  };
  if (token) headers["x-captcha-token"] = token;
  const response = await t.app.inject({
    method: "POST",
    url: options.url ?? "/test/protected",
    headers,
    payload: {},
  });
  return { status: response.statusCode, body: response.json() };
}

/** What a person's browser does on the challenge page: fetch the proof of work, solve it, send it. */
async function passChallenge(t: TestApp, url: string) {
  const address = new URL(url);
  expect(address.pathname).toBe("/v1/shield/challenge");
  const ticket = address.searchParams.get("c") ?? "";
  const page = await t.app.inject({ method: "GET", url: `${address.pathname}${address.search}` });
  expect(page.statusCode).toBe(200);
  expect(page.headers["content-type"]).toContain("text/html");
  expect(page.body).toContain("<altcha-widget");
  expect(page.body).toContain("セキュリティチェック");
  const pow = await t.app.inject({
    method: "GET",
    url: `/v1/shield/challenge/pow?c=${encodeURIComponent(ticket)}`,
  });
  expect(pow.statusCode).toBe(200);
  const challenge = pow.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  const verify = await t.app.inject({
    method: "POST",
    url: "/v1/shield/challenge/verify",
    payload: { c: ticket, payload },
  });
  return { status: verify.statusCode, body: verify.json(), payload, ticket };
}

describe("risk mode (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await boot({});
  });
  afterAll(() => t.close());

  it("answers a token at once for a clean caller, and the protected call passes with or without it", async () => {
    const { status, body } = await init(t);
    expect(status).toBe(200);
    expect(body.url).toBeUndefined();
    expect(body.captcha_token).toMatch(/^ck1\./);
    expect(body.expires_in).toBe(300);
    expect((await call(t, body.captcha_token)).status).toBe(200);
    expect((await call(t, undefined)).status).toBe(200);
  });

  it("refuses a token for another action, another device, a forged or an expired one with 4002", async () => {
    const { body } = await init(t);
    const other = await call(t, body.captcha_token, { url: "/test/other" });
    expect(other.status).toBe(401);
    expect(other.body).toMatchObject({ error: "captcha_invalid", error_code: 4002 });
    const device = await call(t, body.captcha_token, { device: "ffffffffffffffffffffffffffffffff" });
    expect(device.body.error_code).toBe(4002);
    const forged = await call(t, `${body.captcha_token.slice(0, -2)}xx`);
    expect(forged.body.error_code).toBe(4002);
    offset += 301_000;
    try {
      const expired = await call(t, body.captcha_token);
      expect(expired.body).toMatchObject({ error: "captcha_invalid", error_code: 4002 });
    } finally {
      offset -= 301_000;
    }
  });

  it("escalates after an account's sign-in failures: challenge url, 4001 without a token, pass after solving", async () => {
    const account = "escalated@example.com";
    const before = (await init(t, { meta: { email: account } })).body.captcha_token;
    await record(`signin-fail:account:${account}`, 3);
    const protectedCall = (token?: string) =>
      t.app.inject({
        method: "POST",
        url: "/test/protected",
        headers: { "x-device-id": DEVICE, ...(token ? { "x-captcha-token": token } : {}) },
        payload: { email: account },
      });
    const required = await protectedCall();
    expect(required.statusCode).toBe(401);
    expect(required.json()).toMatchObject({ error: "captcha_required", error_code: 4001 });
    // A token answered at once (before the failures) is not enough while a challenge is needed.
    expect((await protectedCall(before)).json()).toMatchObject({
      error: "captcha_invalid",
      error_code: 4002,
    });
    // Other accounts are not affected.
    expect((await call(t, undefined)).status).toBe(200);

    const { body } = await init(t, { meta: { email: "Escalated@Example.com " } });
    expect(body.captcha_token).toBeUndefined();
    expect(body.url).toMatch(/^http:\/\/nimbus\.test\/v1\/shield\/challenge\?c=.+&lang=ja$/);
    const solved = await passChallenge(t, body.url);
    expect(solved.status).toBe(200);
    const redirect = new URL(solved.body.redirect, "http://nimbus.test");
    expect(redirect.pathname).toBe("/loading");
    const token = redirect.searchParams.get("captcha_token") ?? "";
    expect(Number(redirect.searchParams.get("expires_in"))).toBe(300);
    expect((await protectedCall(token)).statusCode).toBe(200);
    // Earned tokens are single-use while the risk lasts.
    expect((await protectedCall(token)).json()).toMatchObject({ error: "captcha_invalid", error_code: 4002 });
  });

  it("reads a phone number's code sends under the key accounts records (+digits), however it is typed", async () => {
    const typed = "+1 (555) 010-4477";
    expect((await init(t, { meta: { phone_number: typed } })).body.captcha_token).toBeDefined();
    await record(`code-send:target:${targetOf({ phone_number: "15550104477" }).value}`, 5);
    const { body } = await init(t, { meta: { phone_number: typed } });
    expect(body.captcha_token).toBeUndefined();
    expect(body.url).toMatch(/\/v1\/shield\/challenge\?c=/);
  });

  it("asks for a challenge after ten wrong passcodes on a share, and a solved one buys another round", async () => {
    const address = "198.51.100.20";
    const open = (token?: string) =>
      t.app.inject({
        method: "GET",
        url: "/test/guess?share_id=sh1",
        headers: {
          "x-device-id": DEVICE,
          "x-forwarded-for": address,
          ...(token ? { "x-captcha-token": token } : {}),
        },
      });
    expect((await open()).statusCode).toBe(200);
    await record(`share-pass-code:sh1:${address}`, 10);
    expect((await open()).json()).toMatchObject({ error: "captcha_required" });
    const { body } = await init(t, { action: GUESS, meta: { share_id: "sh1" } }, address);
    const solved = await passChallenge(t, body.url);
    expect((await open(solved.body.captcha_token)).statusCode).toBe(200);
    expect((await open()).statusCode).toBe(200);
  });

  it("does not let a solved proof of work be sent twice, nor for another ticket", async () => {
    const device = "fedcba9876543210fedcba9876543210";
    await record(`signin-fail:device:${device}`, 3);
    const first = await init(t, { action: GUESS, device_id: device });
    const solved = await passChallenge(t, first.body.url);
    expect(solved.status).toBe(200);
    const replay = await t.app.inject({
      method: "POST",
      url: "/v1/shield/challenge/verify",
      payload: { c: solved.ticket, payload: solved.payload },
    });
    expect(replay.json()).toMatchObject({ error: "captcha_invalid" });
    const second = await init(t, { action: GUESS, device_id: device });
    const otherTicket = new URL(second.body.url).searchParams.get("c");
    const crossed = await t.app.inject({
      method: "POST",
      url: "/v1/shield/challenge/verify",
      payload: { c: otherTicket, payload: solved.payload },
    });
    expect(crossed.json()).toMatchObject({ error: "captcha_invalid" });
  });

  it("answers a challenge to an address initting in a burst", async () => {
    const device = "11111111111111111111111111111111";
    let last: { url?: string } = {};
    for (let i = 0; i < 31; i += 1) last = (await init(t, { device_id: device }, "198.51.100.77")).body;
    expect(last.url).toBeDefined();
  });

  it("shows an expired or forged ticket as a page that says so", async () => {
    const page = await t.app.inject({ method: "GET", url: "/v1/shield/challenge?c=forged.ticket&lang=es" });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain("Esta comprobación ya no es válida");
    expect(page.body).not.toContain("<altcha-widget");
  });

  it("serves the ALTCHA widget from this origin", async () => {
    const script = await t.app.inject({ method: "GET", url: "/v1/shield/assets/altcha.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toContain("javascript");
    expect(script.body.length).toBeGreaterThan(10_000);
  });

  it("leaves a clean first sign-in alone (no captcha needed)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      payload: { client_id: "nimbus-web", username: "nobody@example.com", password: "wrong-password" },
    });
    expect(response.json().error).not.toBe("captcha_required");
  });
});

describe("always mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await boot({ CAPTCHA_MODE: "always" });
  });
  afterAll(() => t.close());

  it("needs a solved challenge for every protected call: 4001 without, a url from init, the redirect's token passes once", async () => {
    const without = await call(t, undefined);
    expect(without.body).toMatchObject({ error: "captcha_required", error_code: 4001 });
    const { body } = await init(t);
    expect(body.captcha_token).toBeUndefined();
    const solved = await passChallenge(t, body.url);
    const token = new URL(solved.body.redirect, "http://x").searchParams.get("captcha_token") ?? "";
    expect(token).toBe(solved.body.captcha_token);
    expect((await call(t, token)).status).toBe(200);
    expect((await call(t, token)).body.error_code).toBe(4002);
  });
});

describe("off mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await boot({ CAPTCHA_MODE: "off" });
  });
  afterAll(() => t.close());

  it("checks nothing, even a bad token", async () => {
    expect((await call(t, "garbage")).status).toBe(200);
  });
});

describe("captcha_sign for a client configured to sign", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await boot({ CAPTCHA_SIGN_CLIENTS: "nimbus-desktop" });
  });
  afterAll(() => t.close());

  const signed = (salts?: readonly string[]) =>
    captchaMeta(
      {
        clientId: "nimbus-desktop",
        clientVersion: "2.1.0",
        packageName: "app.nimbus.desktop",
        deviceId: DEVICE,
        timestamp: clock.now(),
      },
      salts,
    );

  it("answers a token for a valid signature and captcha_invalid for a forged one", async () => {
    const good = await init(t, { client_id: "nimbus-desktop", meta: signed() });
    expect(good.body.captcha_token).toMatch(/^ck1\./);
    const forged = await init(t, { client_id: "nimbus-desktop", meta: signed(["not", "the", "salts"]) });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ error: "captcha_invalid", error_code: 4002 });
    const unsigned = await init(t, { client_id: "nimbus-desktop", meta: {} });
    expect(unsigned.body.error).toBe("captcha_invalid");
  });

  it("takes sign-in metadata (an account name) without a signature, and leaves other clients alone", async () => {
    expect((await init(t, { client_id: "nimbus-desktop", meta: { email: "a@example.com" } })).status).toBe(
      200,
    );
    expect((await init(t, { meta: { captcha_sign: "1.whatever" } })).status).toBe(200);
  });
});
