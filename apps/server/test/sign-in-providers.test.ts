import type { UserMe } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../src/modules/accounts/totp.js";
import {
  passThroughProvider,
  startIdentityProvider,
  type TestIdentityProvider,
} from "./support/oidc-provider.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp } from "./support/users.js";

const PUBLIC_URL = "http://nimbus.test";
const CALLBACK = `${PUBLIC_URL}/v1/auth/providers/company/callback`;

describe("sign-in with other providers (OpenID Connect)", () => {
  let idp: TestIdentityProvider;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startIdentityProvider(CALLBACK);
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        CAPTCHA_MODE: "off",
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: "company",
            name: "Company SSO",
            issuer: idp.issuer,
            client_id: idp.clientId,
            client_secret: idp.clientSecret,
          },
          // Configured, but nothing listens there: its sign-ins fail with provider_error.
          { id: "gone", name: "Gone", issuer: "http://127.0.0.1:9", client_id: "x", client_secret: "y" },
        ]),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  /** Starts at Nimbus, passes through the provider, and answers Nimbus's answer to the callback. */
  async function roundTrip(
    options: { headers?: Record<string, string>; query?: string; stateCookie?: boolean } = {},
  ) {
    const start = await t.app.inject({
      method: "GET",
      url: `/v1/auth/providers/company/authorize${options.query ?? ""}`,
      headers: options.headers ?? {},
    });
    expect(start.statusCode).toBe(302);
    const state = start.cookies.find((c) => c.name === "nimbus_oidc_state");
    expect(state?.httpOnly).toBe(true);
    const back = await passThroughProvider(String(start.headers.location), idp.issuer);
    expect(back.href.startsWith(CALLBACK)).toBe(true);
    const cookie = options.stateCookie === false ? "" : `nimbus_oidc_state=${state?.value}`;
    return t.app.inject({ method: "GET", url: back.pathname + back.search, headers: { cookie } });
  }

  async function me(sessionCookie: string): Promise<UserMe> {
    const answer = await t.app.inject({
      method: "GET",
      url: "/v1/user/me",
      headers: { cookie: sessionCookie },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<UserMe>();
  }

  function sessionOf(answer: Awaited<ReturnType<typeof roundTrip>>): string {
    const session = answer.cookies.find((c) => c.name === "nimbus_session");
    if (!session)
      throw new Error(`no session cookie; answered ${answer.statusCode} ${answer.headers.location}`);
    return `nimbus_session=${session.value}`;
  }

  it("lists the configured providers, without their secrets", async () => {
    const answer = await t.app.inject({ method: "GET", url: "/v1/auth/providers" });
    expect(answer.json()).toEqual({
      providers: [
        { id: "company", name: "Company SSO" },
        { id: "gone", name: "Gone" },
      ],
    });
  });

  it("creates an account for a new person with a verified email, and signs the same person in again", async () => {
    idp.signInAs({ sub: "new-1", email: "New.Person@Example.com", email_verified: true, name: "New Person" });
    const first = await roundTrip({ query: "?return_to=/drive/all" });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("/drive/all");
    const profile = await me(sessionOf(first));
    expect(profile.email).toBe("new.person@example.com");
    expect(profile.name).toBe("New Person");
    expect(profile.password).toBe("unset");
    expect(profile.providers).toContainEqual({ id: "company", provider_user_id: "new-1" });

    const again = await roundTrip();
    expect(again.headers.location).toBe("/drive");
    expect((await me(sessionOf(again))).sub).toBe(profile.sub);
  });

  it("links an existing account by the provider's verified email", async () => {
    const user = await signUp(t.app);
    idp.signInAs({ sub: "existing-1", email: user.email, email_verified: true });
    const answer = await roundTrip();
    const profile = await me(sessionOf(answer));
    expect(profile.sub).toBe(user.id);
    expect(profile.providers).toContainEqual({ id: "company", provider_user_id: "existing-1" });
  });

  it("never reaches an existing account through an email the provider did not verify", async () => {
    const user = await signUp(t.app);
    idp.signInAs({ sub: "unverified-1", email: user.email, email_verified: false });
    const answer = await roundTrip();
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe("/drive/login?error=provider_error");
    expect(answer.cookies.find((c) => c.name === "nimbus_session")).toBeUndefined();
  });

  it("refuses a callback this browser did not start (login CSRF), and a state used twice", async () => {
    idp.signInAs({ sub: "csrf-1", email: "csrf@example.com", email_verified: true });
    const foreign = await roundTrip({ stateCookie: false });
    expect(foreign.headers.location).toBe("/drive/login?error=provider_error");
    expect(foreign.cookies.find((c) => c.name === "nimbus_session")).toBeUndefined();

    const start = await t.app.inject({ method: "GET", url: "/v1/auth/providers/company/authorize" });
    const state = start.cookies.find((c) => c.name === "nimbus_oidc_state")?.value;
    const back = await passThroughProvider(String(start.headers.location), idp.issuer);
    const headers = { cookie: `nimbus_oidc_state=${state}` };
    const once = await t.app.inject({ method: "GET", url: back.pathname + back.search, headers });
    expect(once.cookies.find((c) => c.name === "nimbus_session")).toBeDefined();
    const twice = await t.app.inject({ method: "GET", url: back.pathname + back.search, headers });
    expect(twice.headers.location).toBe("/drive/login?error=provider_error");
  });

  it("answers provider_error when the provider is down or refuses, and 404 for an unknown provider", async () => {
    const gone = await t.app.inject({ method: "GET", url: "/v1/auth/providers/gone/authorize" });
    expect(gone.statusCode).toBe(302);
    expect(gone.headers.location).toBe("/drive/login?error=provider_error");

    const start = await t.app.inject({ method: "GET", url: "/v1/auth/providers/company/authorize" });
    const state = start.cookies.find((c) => c.name === "nimbus_oidc_state")?.value;
    const denied = await t.app.inject({
      method: "GET",
      url: `/v1/auth/providers/company/callback?error=access_denied&state=${state}`,
      headers: { cookie: `nimbus_oidc_state=${state}` },
    });
    expect(denied.headers.location).toBe("/drive/login?error=provider_error");

    const unknown = await t.app.inject({ method: "GET", url: "/v1/auth/providers/nobody/authorize" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("not_found");
  });

  it("links a provider to the signed-in user, refuses one linked elsewhere, and unlinks", async () => {
    const user = await signUp(t.app);
    idp.signInAs({ sub: "link-1", email: "someone-else@example.com", email_verified: true });
    const linked = await roundTrip({ headers: user.auth, query: "?link=true&return_to=/drive/account" });
    expect(linked.headers.location).toBe("/drive/account?linked=company");
    const profile = await t.app.inject({ method: "GET", url: "/v1/user/me", headers: user.auth });
    expect(profile.json<UserMe>().providers).toContainEqual({ id: "company", provider_user_id: "link-1" });

    const other = await signUp(t.app);
    const stolen = await roundTrip({ headers: other.auth, query: "?link=true&return_to=/drive/account" });
    expect(stolen.headers.location).toBe("/drive/account?error=already_exists");

    const unlinked = await t.app.inject({
      method: "DELETE",
      url: "/v1/user/me/providers/company",
      headers: user.auth,
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json<UserMe>().providers.map((p) => p.id)).not.toContain("company");

    const anonymousLink = await t.app.inject({
      method: "GET",
      url: "/v1/auth/providers/company/authorize?link=true",
    });
    expect(anonymousLink.statusCode).toBe(401);
  });

  it("asks for the second factor of an account that has one, then signs in with it", async () => {
    const user = await signUp(t.app);
    const post = (url: string, payload: object, headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url, payload, headers });
    const { secret } = (await post("/v1/user/me/2fa/enrolment", {}, user.auth)).json();
    const confirmed = await post(
      "/v1/user/me/2fa/confirm",
      { code: totpCode(secret, Date.now()) },
      user.auth,
    );
    expect(confirmed.statusCode).toBe(200);

    idp.signInAs({ sub: "two-factor-1", email: user.email, email_verified: true });
    const answer = await roundTrip();
    expect(answer.cookies.find((c) => c.name === "nimbus_session")).toBeUndefined();
    const location = String(answer.headers.location);
    expect(location).toMatch(/^\/drive\/login#two_factor_token=/);
    const twoFactorToken = new URLSearchParams(location.split("#")[1]).get("two_factor_token");

    const signedIn = await post(
      "/v1/auth/signin",
      { two_factor_token: twoFactorToken, two_factor_code: totpCode(secret, Date.now() + 30_000) },
      { "x-client-id": "nimbus-web" },
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().sub).toBe(user.id);
  });

  it("sends a return_to that is not a path of this site to the drive", async () => {
    idp.signInAs({ sub: "redirect-1", email: "redirect@example.com", email_verified: true });
    const answer = await roundTrip({ query: `?return_to=${encodeURIComponent("//evil.example/x")}` });
    expect(answer.headers.location).toBe("/drive");
  });
});
