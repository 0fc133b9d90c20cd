import { nimbusApi } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import type { FetchLike } from "../lib/http/request.js";
import { memoryStorage } from "../lib/platform.js";
import { accountCaptchaMeta, createAccountApi } from "./account-api.js";

function json(status: number, body: unknown) {
  return { ok: status < 300, status, text: async () => JSON.stringify(body) };
}

describe("createAccountApi", () => {
  it("answers the ErrorInfo metadata of a failure (the second-factor token)", async () => {
    const fetch: FetchLike = async () =>
      json(401, {
        error: "two_factor_required",
        error_code: 4015,
        error_description: "Two-factor code required",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "two_factor_required",
            domain: "nimbus",
            metadata: { two_factor_token: "tf-1", expires_in: "300" },
          },
        ],
      });
    const api = createAccountApi({
      locale: "en-US",
      showChallenge: async () => ({ captcha_token: "", expires_in: 0 }),
      storage: memoryStorage(),
      fetch,
    });
    const result = await api(nimbusApi.auth.signin, {
      body: { username: "a", password: "b" },
    });
    expect(result).toEqual({
      ok: false,
      error: {
        error: "two_factor_required",
        error_description: "Two-factor code required",
        status: 401,
        metadata: { two_factor_token: "tf-1", expires_in: "300" },
      },
    });
  });

  it("fetches a captcha token with the call's meta when the server asks, then repeats the call", async () => {
    const calls: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
    const fetch: FetchLike = async (url, init) => {
      const body = init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ url, headers: init.headers, body });
      if (url === "/v1/shield/captcha/init") return json(200, { captcha_token: "cap-1", expires_in: 300 });
      if (!init.headers["x-captcha-token"]) return json(400, { error: "captcha_required", error_code: 4001 });
      return json(200, { sub: "u1" });
    };
    const api = createAccountApi({
      locale: "en-US",
      showChallenge: async () => ({ captcha_token: "", expires_in: 0 }),
      storage: memoryStorage(),
      fetch,
    });
    const result = await api(nimbusApi.auth.signin, {
      body: { username: "ada@example.com", password: "pw" },
      captchaMeta: accountCaptchaMeta("ada@example.com"),
    });
    expect(result).toEqual({ ok: true, data: { sub: "u1" } });
    expect(calls.map((call) => call.url)).toEqual([
      "/v1/auth/signin",
      "/v1/shield/captcha/init",
      "/v1/auth/signin",
    ]);
    expect(calls[1]?.body).toMatchObject({
      client_id: "nimbus-web",
      action: "POST:/v1/auth/signin",
      meta: { email: "ada@example.com" },
    });
    expect(calls[2]?.headers).toMatchObject({ "x-captcha-token": "cap-1", "x-client-id": "nimbus-web" });
  });

  it("a challenge closed early fails as cancelled", async () => {
    const fetch: FetchLike = async (url) =>
      url === "/v1/shield/captcha/init"
        ? json(200, { url: "/v1/shield/challenge?c=1", expires_in: 300 })
        : json(400, { error: "captcha_required", error_code: 4001 });
    const { captchaCancelled } = await import("../lib/captcha/captcha-flow.js");
    const api = createAccountApi({
      locale: "en-US",
      showChallenge: async () => {
        throw captchaCancelled();
      },
      storage: memoryStorage(),
      fetch,
    });
    const result = await api(nimbusApi.auth.verification, { body: { usage: "SIGN_IN" } });
    expect(result).toMatchObject({ ok: false, error: { error: "cancelled" } });
  });
});

describe("accountCaptchaMeta", () => {
  it("names the account the way it was typed", () => {
    expect(accountCaptchaMeta(" a@b.co ")).toEqual({ email: "a@b.co" });
    expect(accountCaptchaMeta("+1 555 123 4567")).toEqual({ phone_number: "+1 555 123 4567" });
    expect(accountCaptchaMeta("ada_l")).toEqual({ username: "ada_l" });
  });
});
