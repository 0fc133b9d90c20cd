import type { SessionInfo } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  CHROME_UA,
  manualClock,
  newUser,
  sessionCookie,
  signInAs,
  WEB_HEADERS,
} from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import type { TestUser } from "./support/users.js";

const DAY = 24 * 3_600_000;

describe("sessions: the list, ending one, signing out everywhere, sliding cookie expiry", () => {
  const clock = manualClock();
  let t: TestApp;
  let user: TestUser;
  let desktop: { access_token: string; refresh_token: string };
  let cli: { access_token: string };
  let cookie: string;

  /** The web page's cookie session, handed over from the desktop app. */
  async function webCookieFrom(appToken: string): Promise<string> {
    const code = (
      await t.app.inject({
        method: "POST",
        url: "/v1/auth/authorize",
        headers: bearer(appToken),
        payload: { client_id: "nimbus-web" },
      })
    ).json().code;
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      headers: { ...WEB_HEADERS, "user-agent": CHROME_UA },
      payload: { grant_type: "authorization_code", client_id: "nimbus-web", code },
    });
    const value = sessionCookie(response.headers["set-cookie"]);
    if (!value) throw new Error(`no cookie: ${response.body}`);
    return value;
  }

  const list = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ url: "/v1/auth/sessions", headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ sessions: SessionInfo[] }>().sessions;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    user = await newUser(t);
    await t.app.inject({ method: "POST", url: "/v1/auth/signout", headers: user.auth });
    const desktopHeaders = {
      "x-device-id": "d".repeat(32),
      "user-agent": "NimbusDesktop/2.1 (Windows NT 10.0)",
    };
    desktop = await signInAs(t.app, user, "nimbus-desktop", desktopHeaders);
    await t.app.inject({
      url: "/v1/user/me",
      headers: { ...bearer(desktop.access_token), ...desktopHeaders },
    });
    clock.advance(1000);
    cli = await signInAs(t.app, user, "nimbus-cli", { "user-agent": "nimbus-cli/0.3" });
    await t.app.inject({
      url: "/v1/user/me",
      headers: { ...bearer(cli.access_token), "user-agent": "nimbus-cli/0.3" },
    });
    clock.advance(1000);
    cookie = await webCookieFrom(desktop.access_token);
  });
  afterAll(() => t.close());

  it("lists each sign-in with client, device, address, user agent, times and the current one", async () => {
    const sessions = await list({ cookie });
    expect(sessions.map((s) => s.client_id)).toEqual(["nimbus-web", "nimbus-cli", "nimbus-desktop"]);
    const [web, , app] = sessions as [SessionInfo, SessionInfo, SessionInfo];
    expect(web).toMatchObject({
      client_name: "Nimbus web",
      device_id: WEB_HEADERS["x-device-id"],
      device_name: "Chrome on Windows",
      ip: "127.0.0.1",
      user_agent: CHROME_UA,
      current: true,
    });
    expect(app).toMatchObject({
      client_name: "Nimbus for desktop",
      device_id: "d".repeat(32),
      current: false,
    });
    expect(Date.parse(app.created_at)).toBeLessThan(Date.parse(web.created_at));
    expect((await list(bearer(desktop.access_token))).find((s) => s.current)?.client_id).toBe(
      "nimbus-desktop",
    );
  });

  it("writes last_used_at at most once a minute", async () => {
    const before = (await list({ cookie })).find((s) => s.client_id === "nimbus-cli")?.last_used_at;
    clock.advance(30_000);
    await t.app.inject({ url: "/v1/user/me", headers: bearer(cli.access_token) });
    expect((await list({ cookie })).find((s) => s.client_id === "nimbus-cli")?.last_used_at).toBe(before);
    clock.advance(31_000);
    await t.app.inject({ url: "/v1/user/me", headers: bearer(cli.access_token) });
    const after = (await list({ cookie })).find((s) => s.client_id === "nimbus-cli")?.last_used_at;
    expect(Date.parse(after as string)).toBe(clock.now());
  });

  it("keeps a session's id across refreshes", async () => {
    const id = (await list({ cookie })).find((s) => s.client_id === "nimbus-desktop")?.id;
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      payload: {
        grant_type: "refresh_token",
        client_id: "nimbus-desktop",
        refresh_token: desktop.refresh_token,
      },
    });
    desktop = refreshed.json();
    const sessions = await list({ cookie });
    expect(sessions.filter((s) => s.client_id === "nimbus-desktop").map((s) => s.id)).toEqual([id]);
  });

  it("ends one session; the cookie needs the client headers for it (CSRF)", async () => {
    const target = (await list({ cookie })).find((s) => s.client_id === "nimbus-cli") as SessionInfo;
    const forged = await t.app.inject({
      method: "DELETE",
      url: `/v1/auth/sessions/${target.id}`,
      headers: { cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().details[0].metadata).toEqual({ reason: "CSRF_HEADERS_MISSING" });
    expect((await t.app.inject({ url: "/v1/user/me", headers: bearer(cli.access_token) })).statusCode).toBe(
      200,
    );

    const ended = await t.app.inject({
      method: "DELETE",
      url: `/v1/auth/sessions/${target.id}`,
      headers: { cookie, ...WEB_HEADERS },
    });
    expect(ended.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/v1/user/me", headers: bearer(cli.access_token) })).statusCode).toBe(
      401,
    );
    const again = await t.app.inject({
      method: "DELETE",
      url: `/v1/auth/sessions/${target.id}`,
      headers: { cookie, ...WEB_HEADERS },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe("not_found");
  });

  it("never ends another user's session", async () => {
    const other = await newUser(t);
    const theirs = (await list(other.auth))[0] as SessionInfo;
    const response = await t.app.inject({
      method: "DELETE",
      url: `/v1/auth/sessions/${theirs.id}`,
      headers: bearer(desktop.access_token),
    });
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ url: "/v1/user/me", headers: other.auth })).statusCode).toBe(200);
  });

  it("slides a cookie session's expiry while it is used", async () => {
    clock.advance(31 * DAY);
    const renewed = await t.app.inject({ url: "/v1/user/me", headers: { cookie } });
    expect(renewed.statusCode).toBe(200);
    const header = [renewed.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("nimbus_session="));
    expect(header).toMatch(/Max-Age=5184000/);
    expect(header).toMatch(/HttpOnly/);
    clock.advance(40 * DAY); // 71 days after sign-in: alive, because it slid
    expect((await t.app.inject({ url: "/v1/user/me", headers: { cookie } })).statusCode).toBe(200);
  });

  it("signs out here only, or everywhere with ?all=true", async () => {
    const extension = await signInAs(t.app, user, "nimbus-extension");
    const second = await signInAs(t.app, user, "nimbus-mobile");
    const here = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signout",
      headers: bearer(extension.access_token),
    });
    expect(here.json()).toEqual({ revoked: 1 });
    expect(
      (await t.app.inject({ url: "/v1/user/me", headers: bearer(extension.access_token) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: "/v1/user/me", headers: bearer(second.access_token) })).statusCode,
    ).toBe(200);

    const forged = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signout?all=true",
      headers: { cookie },
    });
    expect(forged.statusCode).toBe(403);
    const everywhere = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signout?all=true",
      headers: { cookie, ...WEB_HEADERS },
    });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json().revoked).toBe(3); // web, desktop, mobile
    expect([everywhere.headers["set-cookie"]].flat().join()).toMatch(/nimbus_session=;/);
    for (const headers of [{ cookie }, bearer(second.access_token)]) {
      expect((await t.app.inject({ url: "/v1/user/me", headers })).statusCode).toBe(401);
    }
  });
});
