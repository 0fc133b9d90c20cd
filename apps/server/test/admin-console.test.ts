import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes } from "../src/http/plugins/auth-scopes.js";
import { Admins } from "../src/modules/console/admins.js";
import { type DriveClient, driveClient } from "./support/drive.js";
import { type ShareClient, shareClient } from "./support/shares.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const ADMIN_EMAIL = "console-admin@example.com";

describe("admin console API", () => {
  let t: TestApp;
  let adminUser: TestUser;
  let alice: TestUser;
  let drive: DriveClient;
  let owner: ShareClient;
  let admin: ShareClient;

  async function call(user: TestUser | undefined, method: string, url: string, payload?: unknown) {
    const response = await t.app.inject({
      method: method as "GET",
      url,
      headers: {
        ...(user?.auth ?? {}),
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      remoteAddress: "203.0.113.9",
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : {} };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    adminUser = await signUp(t.app, { email: ADMIN_EMAIL });
    alice = await signUp(t.app);
    drive = driveClient(t, alice);
    owner = shareClient(t, alice);
    admin = shareClient(t, adminUser);
  });
  afterAll(() => t.close());

  it("answers 403 to a signed-in user and 401 to a visitor on every admin route", async () => {
    const user = await signUp(t.app);
    const adminRoutes = registeredRoutes(t.app).filter(
      (route) => route.scope === "admin" && route.method !== "HEAD",
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(29);
    // The commerce and moderation lists of the console (decision 0043) are among them.
    for (const url of ["/admin/v1/sensitive-words", "/admin/v1/products/:product_id/prices"])
      expect(adminRoutes.map((route) => route.url)).toContain(url);
    for (const route of adminRoutes) {
      // A parameter becomes a value; a literal colon (Fastify's `::`) stays one colon.
      const url = route.url
        .replace(/::/g, "~colon~")
        .replace(/:([A-Za-z_]+)(\([^)]*\))?/g, "x1")
        .replace(/~colon~/g, ":");
      const body = route.method === "GET" ? undefined : {};
      const denied = await call(user, route.method, url, body);
      expect(denied.status, `${route.method} ${url}`).toBe(403);
      expect(denied.body.error, `${route.method} ${url}`).toBe("permission_denied");
      expect((await call(undefined, route.method, url, body)).status, `${route.method} ${url}`).toBe(401);
    }
  });

  it("finds users, shows one, freezes, unfreezes and ends sessions, each in the admin log", async () => {
    const bob = await signUp(t.app);
    const found = await admin.ok("GET", `/admin/v1/users?q=${encodeURIComponent(bob.email.toUpperCase())}`);
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ id: bob.id, email: bob.email, status: "ACTIVE", premium: false });

    const detail = await admin.ok("GET", `/admin/v1/users/${bob.id}`);
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(detail).toMatchObject({ two_factor: false, file_count: "0" });

    const frozen = await admin.ok("POST", `/admin/v1/users/${bob.id}:freeze`, {});
    expect(frozen.status).toBe("BLOCKED");
    const blocked = await call(bob, "GET", "/v1/user/me");
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe("user_blocked");
    expect(
      (await admin.ok("GET", "/admin/v1/users?status=BLOCKED")).data.map((u: { id: string }) => u.id),
    ).toEqual([bob.id]);
    expect((await admin.ok("POST", `/admin/v1/users/${bob.id}:unfreeze`, {})).status).toBe("ACTIVE");
    expect((await call(bob, "GET", "/v1/user/me")).status).toBe(200);

    const ended = await admin.ok("POST", `/admin/v1/users/${bob.id}:end_sessions`, {});
    expect(ended.sessions).toEqual([]);
    expect((await call(bob, "GET", "/v1/user/me")).status).toBe(401);

    const log = await admin.ok("GET", "/admin/v1/actions?limit=3");
    expect(log.data.map((row: { action: string }) => row.action)).toEqual([
      "user.end_sessions",
      "user.unfreeze",
      "user.freeze",
    ]);
    expect(log.data[2]).toMatchObject({
      admin_user_id: adminUser.id,
      admin_email: ADMIN_EMAIL,
      target: bob.id,
      // The account acted on is named (issue 33: the log showed raw ids).
      target_email: bob.email,
    });
    // Where the admin acted from (the share client's address).
    expect(log.data[2].ip).toBe("198.51.100.7");
    const freezes = await admin.ok("GET", "/admin/v1/actions?action=user.freeze");
    expect(freezes.data).toHaveLength(1);
  });

  it("refuses unknown users, an admin freezing themselves, and a damaged page token", async () => {
    expect((await call(adminUser, "GET", "/admin/v1/users/nobody")).body.error).toBe("user_not_exist");
    const self = await call(adminUser, "POST", `/admin/v1/users/${adminUser.id}:freeze`, {});
    expect(self.status).toBe(403);
    for (const url of ["/admin/v1/users?page_token=%%", "/admin/v1/actions?page_token=nope"]) {
      const answer = await call(adminUser, "GET", url);
      expect(answer.status, url).toBe(400);
    }
    expect((await call(adminUser, "GET", "/admin/v1/users?limit=1000")).status).toBe(400);
  });

  it("a blocked report is acted on, logged, and counted by the public transparency report", async () => {
    const year = new Date().getUTCFullYear();
    const before = (await call(undefined, "GET", `/drive/v1/statistics/pub/transparency?year=${year}`)).body;
    const file = await drive.upload("bad.bin", randomBytes(16));
    const { share_id } = await owner.create({ file_ids: [file.id] });
    await shareClient(t).ok("POST", "/drive/v1/share/report", { share_id, reason: "porn", description: "" });
    await shareClient(t).ok("POST", "/drive/v1/share/report", { share_id, reason: "spam", description: "" });

    const open = await admin.ok("GET", "/audit/v1/share/reports?filter=open");
    const report = open.data.find((row: { share_id: string }) => row.share_id === share_id);
    expect(report).toMatchObject({ share_user_id: alice.id, file_ids: [file.id], action_time: "" });

    await admin.ok("POST", "/audit/v1/share", {
      share_user_id: report.share_user_id,
      file_ids: report.file_ids,
    });
    expect((await shareClient(t).open({ share_id })).share_status).toBe("PROHIBITED");
    const stillOpen = await admin.ok("GET", "/audit/v1/share/reports?filter=open");
    expect(stillOpen.data.filter((row: { share_id: string }) => row.share_id === share_id)).toEqual([]);
    const all = await admin.ok("GET", "/audit/v1/share/reports");
    expect(all.data.find((row: { share_id: string }) => row.share_id === share_id).action_time).not.toBe("");

    const [logged] = (await admin.ok("GET", "/admin/v1/actions?action=moderation.block")).data;
    expect(logged.detail.share_ids).toContain(share_id);

    const after = await call(undefined, "GET", `/drive/v1/statistics/pub/transparency?year=${year}`);
    expect(after.status).toBe(200);
    const reason = (body: typeof after.body, name: string) =>
      body.reports.find((row: { reason: string }) => row.reason === name);
    expect(reason(after.body, "porn").received).toBe(reason(before, "porn").received + 1);
    expect(reason(after.body, "porn").actioned).toBe(reason(before, "porn").actioned + 1);
    expect(reason(after.body, "spam").actioned).toBe(reason(before, "spam").actioned + 1);
    expect(after.body.shares_blocked).toBe(before.shares_blocked + 1);
    expect(after.body.contents_blocked).toBe(before.contents_blocked + 1);
    expect(after.body.accounts_actioned).toBe(before.accounts_actioned + 1);
    expect(after.body.median_seconds_to_action).toBeGreaterThanOrEqual(0);
    expect(after.body.years).toContain(year);
    expect(after.body.period).toBe(String(year));

    const lastYear = await call(undefined, "GET", `/drive/v1/statistics/pub/transparency?year=${year - 1}`);
    expect(lastYear.body.contents_blocked).toBe(0);
    expect(lastYear.body.median_seconds_to_action).toBeNull();
    expect((await call(undefined, "GET", "/drive/v1/statistics/pub/transparency?year=abc")).status).toBe(400);
  });

  it("`npm run admin -- grant` makes an account an admin by email, `revoke` undoes it", async () => {
    const carol = await signUp(t.app);
    const admins = new Admins(t.database.db, []);
    expect(await call(carol, "GET", "/admin/v1/actions")).toMatchObject({ status: 403 });
    expect(await admins.setRole(carol.email.toUpperCase(), "admin")).toBe(carol.id);
    expect((await call(carol, "GET", "/admin/v1/actions")).status).toBe(200);
    expect(await admins.listByRole()).toContain(carol.email);
    expect(await admins.setRole(carol.email, "user")).toBe(carol.id);
    expect((await call(carol, "GET", "/admin/v1/actions")).status).toBe(403);
    expect(await admins.setRole("nobody@example.com", "admin")).toBeUndefined();
  });

  it("the dashboard counts users, storage and open work", async () => {
    const figures = await admin.ok("GET", "/admin/v1/dashboard");
    expect(figures.users.total).toBeGreaterThanOrEqual(3);
    expect(Number(figures.storage.used)).toBeGreaterThan(0);
    expect(Number(figures.storage.saved_by_dedup)).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(figures.jobs)).toBe(true);
    expect(figures.open_feedback).toBe(0);
  });
});
