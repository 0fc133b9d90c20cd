import { captchaSign } from "@nimbus/protocol";
import { describe, expect, it, vi } from "vitest";
import { createCaptchaFlow } from "../captcha/captcha-flow.js";
import { memoryStorage } from "../platform.js";
import { ApiError } from "./api-error.js";
import { captchaAction, createAuthRequest, isCaptchaFailure, MAX_CAPTCHA_RENEWALS } from "./auth-request.js";
import { createRequestClient } from "./request.js";
import { answer, scriptedFetch } from "./test-fetch.js";

const NOW = 1_700_000_000_000;
const DEVICE = "0123456789abcdef0123456789abcdef";
const required = () => answer(401, { error: "captcha_required", error_code: 4001 });
const invalid = () => answer(401, { error: "captcha_invalid", error_code: 4002 });

function setup(...answers: Parameters<typeof scriptedFetch>) {
  const script = scriptedFetch(...answers);
  let issued = 0;
  const getToken = vi.fn(async () => `tok-${++issued}`);
  const request = createAuthRequest({
    request: createRequestClient({
      origins: ["https://api.test"],
      locale: () => "en-US",
      fetch: script.fetch,
    }),
    captcha: { getToken },
    clientId: "web-client",
    clientVersion: "1.0.0",
    packageName: "nimbus.web",
    deviceId: () => DEVICE,
    userId: () => "user-7",
    now: () => NOW,
  });
  const sentTokens = () => script.calls.map((call) => call.init.headers["x-captcha-token"]);
  return { request, script, getToken, sentTokens };
}

describe("authenticated request helper (spec §7)", () => {
  it("adds x-device-id and x-client-id and defaults to GET", async () => {
    const { request, script } = setup(answer(200, { ok: true }));
    await expect(request({ path: "/drive/v1/about" })).resolves.toEqual({ ok: true });
    expect(script.calls[0]?.init).toMatchObject({
      method: "GET",
      credentials: "include",
      headers: { "Accept-Language": "en-US", "x-device-id": DEVICE, "x-client-id": "web-client" },
    });
    expect(script.calls[0]?.init.headers).not.toHaveProperty("x-captcha-token");
  });

  it("sends a bearer token when one is configured", async () => {
    const script = scriptedFetch(answer(200, {}));
    const request = createAuthRequest({
      request: createRequestClient({
        origins: ["https://api.test"],
        locale: () => "en-US",
        fetch: script.fetch,
      }),
      captcha: { getToken: async () => "t" },
      clientId: "c",
      clientVersion: "1",
      packageName: "p",
      deviceId: () => DEVICE,
      accessToken: () => "access-1",
    });
    await request({ path: "/v1/user/me" });
    expect(script.calls[0]?.init.headers.Authorization).toBe("Bearer access-1");
  });

  it("attaches x-captcha-token for METHOD:/path with the signed captcha metadata", async () => {
    const { request, getToken, sentTokens } = setup(answer(200, {}));
    await request({ method: "post", path: "/drive/v1/share/restore?x=1", body: {}, captcha: true });
    expect(getToken).toHaveBeenCalledWith(
      "POST:/drive/v1/share/restore",
      {
        captcha_sign: captchaSign({
          clientId: "web-client",
          clientVersion: "1.0.0",
          packageName: "nimbus.web",
          deviceId: DEVICE,
          timestamp: NOW,
        }),
        client_version: "1.0.0",
        package_name: "nimbus.web",
        user_id: "user-7",
        timestamp: String(NOW),
      },
      { invalidToken: undefined },
    );
    expect(sentTokens()).toEqual(["tok-1"]);
  });

  it("uses a caller-given action and meta", async () => {
    const { request, getToken } = setup(answer(200, {}));
    await request({
      method: "POST",
      path: "/v1/auth/signin",
      captcha: { action: "POST:/v1/auth/signin:email", meta: { email: "a@b.test" } },
    });
    expect(getToken).toHaveBeenCalledWith(
      "POST:/v1/auth/signin:email",
      { email: "a@b.test" },
      {
        invalidToken: undefined,
      },
    );
  });

  it("gets a token and repeats a request that fails with captcha_required", async () => {
    const { request, sentTokens, getToken } = setup(required(), answer(200, { done: 1 }));
    await expect(request({ path: "/drive/v1/files" })).resolves.toEqual({ done: 1 });
    expect(sentTokens()).toEqual([undefined, "tok-1"]);
    expect(getToken).toHaveBeenCalledWith("GET:/drive/v1/files", expect.any(Object), {
      invalidToken: undefined,
    });
  });

  it("renews a refused token (captcha_invalid) and repeats", async () => {
    const { request, sentTokens, getToken } = setup(invalid(), invalid(), answer(200, {}));
    await request({ path: "/x", captcha: true });
    expect(sentTokens()).toEqual(["tok-1", "tok-2", "tok-3"]);
    expect(getToken).toHaveBeenLastCalledWith("GET:/x", expect.any(Object), { invalidToken: "tok-2" });
  });

  it("renews at most 3 times per request, then fails with the last error", async () => {
    const { request, sentTokens, getToken } = setup(
      invalid(),
      invalid(),
      invalid(),
      invalid(),
      answer(200, {}),
    );
    expect(MAX_CAPTCHA_RENEWALS).toBe(3);
    const error = await request({ path: "/x", captcha: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ error: "captcha_invalid", code: 4002 });
    expect(sentTokens()).toEqual(["tok-1", "tok-2", "tok-3", "tok-4"]);
    expect(getToken).toHaveBeenCalledTimes(4); // the first token and 3 renewals
  });

  it("counts renewals from the first failure when no token was sent up front", async () => {
    const { request, sentTokens } = setup(required(), invalid(), invalid(), invalid());
    await expect(request({ path: "/x" })).rejects.toMatchObject({ error: "captcha_invalid" });
    expect(sentTokens()).toEqual([undefined, "tok-1", "tok-2", "tok-3"]);
  });

  it("recognizes captcha_invalid under a drive-side number", async () => {
    const { request, sentTokens } = setup(
      answer(400, { error: "captcha_invalid", error_code: 9 }),
      answer(200, {}),
    );
    await request({ path: "/x", captcha: true });
    expect(sentTokens()).toEqual(["tok-1", "tok-2"]);
  });

  it("does not renew for other errors, nor when captcha is false", async () => {
    const other = setup(answer(403, { error: "permission_denied", error_code: 7 }));
    await expect(other.request({ path: "/x", captcha: true })).rejects.toMatchObject({
      error: "permission_denied",
    });
    expect(other.getToken).toHaveBeenCalledTimes(1);
    const off = setup(required());
    await expect(off.request({ path: "/x", captcha: false })).rejects.toMatchObject({
      error: "captcha_required",
    });
    expect(off.getToken).not.toHaveBeenCalled();
  });

  it("lets the caller's headers through", async () => {
    const { request, script } = setup(answer(200, {}));
    await request({ path: "/x", headers: { "x-extra": "1" } });
    expect(script.calls[0]?.init.headers["x-extra"]).toBe("1");
  });
});

describe("captchaAction", () => {
  it("is the upper-case method and the path without query or origin", () => {
    expect(captchaAction("get", "/drive/v1/files?limit=100")).toBe("GET:/drive/v1/files");
    expect(captchaAction("POST", "https://user.test/v1/auth/signin")).toBe("POST:/v1/auth/signin");
  });
});

describe("isCaptchaFailure", () => {
  it("is true for captcha_required (4001) and captcha_invalid (4002) only", () => {
    const body = { error_description: "", error_uri: "", details: [] };
    expect(isCaptchaFailure(new ApiError({ ...body, error: "captcha_required", error_code: 4001 }))).toBe(
      true,
    );
    expect(isCaptchaFailure(new ApiError({ ...body, error: "captcha_invalid", error_code: 4002 }))).toBe(
      true,
    );
    expect(isCaptchaFailure(new ApiError({ ...body, error: "something_new", error_code: 4002 }))).toBe(true);
    expect(isCaptchaFailure(new ApiError({ ...body, error: "unauthenticated", error_code: 16 }))).toBe(false);
    expect(isCaptchaFailure(new Error("captcha_invalid"))).toBe(false);
  });
});

describe("authenticated requests with the captcha flow", () => {
  it("inits a token, renews it when refused, and reuses it for the next request", async () => {
    const script = scriptedFetch(
      answer(200, { captcha_token: "tok-1", expires_in: 300 }),
      invalid(),
      answer(200, { captcha_token: "tok-2", expires_in: 300 }),
      answer(200, { first: true }),
      answer(200, { second: true }),
    );
    const request = createRequestClient({
      origins: ["https://api.test"],
      locale: () => "en-US",
      fetch: script.fetch,
    });
    const captcha = createCaptchaFlow({
      request,
      storage: memoryStorage(),
      clientId: "web-client",
      deviceId: () => DEVICE,
      showChallenge: async () => {
        throw new Error("no challenge expected");
      },
      now: () => NOW,
    });
    const auth = createAuthRequest({
      request,
      captcha,
      clientId: "web-client",
      clientVersion: "1.0.0",
      packageName: "nimbus.web",
      deviceId: () => DEVICE,
      now: () => NOW,
    });
    await expect(auth({ method: "POST", path: "/drive/v1/share/restore", captcha: true })).resolves.toEqual({
      first: true,
    });
    await expect(auth({ method: "POST", path: "/drive/v1/share/restore", captcha: true })).resolves.toEqual({
      second: true,
    });
    expect(
      script.calls.map(
        (call) =>
          `${call.init.method} ${new URL(call.url).pathname} ${call.init.headers["x-captcha-token"] ?? "-"}`,
      ),
    ).toEqual([
      "POST /v1/shield/captcha/init -",
      "POST /drive/v1/share/restore tok-1",
      "POST /v1/shield/captcha/init -",
      "POST /drive/v1/share/restore tok-2",
      "POST /drive/v1/share/restore tok-2",
    ]);
    expect(JSON.parse(script.calls[2]?.init.body ?? "")).toMatchObject({
      action: "POST:/drive/v1/share/restore",
      captcha_token: "tok-1",
      meta: { client_version: "1.0.0", package_name: "nimbus.web", timestamp: String(NOW) },
    });
  });
});
