import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock.js";
import { MailUnsubscribes } from "../src/modules/users/unsubscribe-links.js";
import { bearer, newUser, signInAs } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import type { TestUser } from "./support/users.js";

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

describe("the user API: profile, avatar, password, unsubscribe", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t);
  });
  afterAll(() => t.close());

  it("answers the profile fields the web's user info record needs", async () => {
    const me = await t.app.inject({ url: "/v1/user/me", headers: user.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      sub: user.id,
      email: user.email,
      phone_number: "",
      picture: "",
      password: "set",
      providers: [{ id: "email", provider_user_id: user.email }],
      status: "ACTIVE",
      locale: "en-US",
      two_factor_enabled: false,
      deletion_scheduled_at: "",
    });
  });

  it("edits name and locale; refuses unknown locales and fields", async () => {
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PATCH", url: "/v1/user/me", headers: user.auth, payload });
    const edited = await patch({ name: "Ada Lovelace", locale: "zh-TW" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Ada Lovelace", locale: "zh-TW" });
    expect((await patch({ locale: "xx" })).json()).toMatchObject({ error: "invalid_argument" });
    expect((await patch({ email: "x@example.com" })).statusCode).toBe(400);
    expect((await patch({ name: "   " })).statusCode).toBe(400);
  });

  it("resizes an uploaded avatar to square WebP sizes served at the picture URL", async () => {
    const upload = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/avatar",
      headers: { ...user.auth, "content-type": "image/png" },
      payload: await png(640, 400),
    });
    expect(upload.statusCode).toBe(200);
    const picture: string = upload.json().picture;
    expect(picture).toMatch(new RegExp(`^http://nimbus\\.test/v1/user/avatars/${user.id}/[0-9a-f]{16}$`));
    const path = new URL(picture).pathname;
    const large = await t.app.inject({ url: path });
    expect(large.statusCode).toBe(200);
    expect(large.headers["content-type"]).toBe("image/webp");
    expect(large.headers["cache-control"]).toMatch(/immutable/);
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 256,
      height: 256,
    });
    const small = await t.app.inject({ url: `${path}?size=48` });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 48, height: 48 });
    expect((await t.app.inject({ url: `${path}?size=50` })).statusCode).toBe(400);

    const again = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/avatar",
      headers: { ...user.auth, "content-type": "image/png" },
      payload: await png(100, 100),
    });
    expect(again.json().picture).not.toBe(picture);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: "DELETE", url: "/v1/user/me/avatar", headers: user.auth });
    expect(removed.json().picture).toBe("");
  });

  it("rejects non-images clearly", async () => {
    const text = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/avatar",
      headers: { ...user.auth, "content-type": "text/plain" },
      payload: "hello",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe("unsupported_media_type");
    const svg = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/avatar",
      headers: { ...user.auth, "content-type": "image/svg+xml" },
      payload: "<svg xmlns='http://www.w3.org/2000/svg'/>",
    });
    expect(svg.statusCode).toBe(415);
    const garbage = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/avatar",
      headers: { ...user.auth, "content-type": "image/png" },
      payload: Buffer.from("definitely not a png"),
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ error: "invalid_argument" });
    expect(garbage.json().details[0].metadata).toMatchObject({ reason: "NOT_AN_IMAGE" });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/avatar",
      headers: { "content-type": "image/png" },
      payload: await png(10, 10),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("changes the password: the current one is checked and every other session ends", async () => {
    const other = await signInAs(t.app, user, "nimbus-mobile");
    const change = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/v1/user/me/password", headers: user.auth, payload });
    const wrong = await change({ old_password: "not it at all", new_password: "a brand new secret" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "invalid_password", error_code: 4010 });
    expect((await change({ new_password: "a brand new secret" })).json().error).toBe("invalid_password");
    expect((await change({ old_password: user.password, new_password: "short" })).json().error).toBe(
      "invalid_argument",
    );
    const changed = await change({ old_password: user.password, new_password: "a brand new secret" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().revoked_sessions).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ url: "/v1/user/me", headers: bearer(other.access_token) })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: "/v1/user/me", headers: user.auth })).statusCode).toBe(200);
    user = { ...user, password: "a brand new secret" };
  });

  it("limits wrong current passwords", async () => {
    let last = "";
    for (let i = 0; i < 11; i++) {
      last = (
        await t.app.inject({
          method: "POST",
          url: "/v1/user/me/password",
          headers: user.auth,
          payload: { old_password: `wrong ${i}`, new_password: "whatever it is" },
        })
      ).json().error;
    }
    expect(last).toBe("too_many_requests");
  });

  it("tells what an unsubscribe link names and unsubscribes without a sign-in", async () => {
    const links = new MailUnsubscribes(t.database.db, t.config.secretKey, systemClock);
    const d = links.token("Ada@Example.com", "marketing");
    const info = await t.app.inject({ url: `/drive/v1/mail/unsubscribe?d=${encodeURIComponent(d)}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: "ada@example.com", scene: "marketing", d, unsubscribed: false });
    const done = await t.app.inject({ method: "POST", url: "/drive/v1/mail/unsubscribe", payload: { d } });
    expect(done.json().unsubscribed).toBe(true);
    expect(await links.isUnsubscribed("ada@example.com", "marketing")).toBe(true);
    expect(await links.isUnsubscribed("ada@example.com", "activity")).toBe(false);
    const undone = await t.app.inject({
      method: "POST",
      url: "/drive/v1/mail/unsubscribe",
      payload: { d, subscribe: true },
    });
    expect(undone.json().unsubscribed).toBe(false);

    const [payload] = d.split(".");
    const forged = `${Buffer.from(JSON.stringify({ e: "victim@example.com", s: "marketing" })).toString("base64url")}.${d.split(".")[1]}`;
    for (const bad of [forged, `${payload}.x`, "nonsense"]) {
      const response = await t.app.inject({ url: `/drive/v1/mail/unsubscribe?d=${encodeURIComponent(bad)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "invalid_argument" });
    }
  });
});
