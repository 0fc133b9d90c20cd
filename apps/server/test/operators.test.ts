import { randomBytes } from "node:crypto";
import type { RemoteConfigDocument } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveClient } from "./support/drive.js";
import { outbox } from "./support/mail.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const ADMIN_EMAIL = "operator@example.com";
const FORWARD_EMAIL = "inbox@operator.example";
const METRICS_TOKEN = "a-long-metrics-token-0123456789";
const OUTSIDE = "203.0.113.9";

describe("operators: remote config, feedback, install links, metrics", () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;

  const call = (
    method: "GET" | "POST" | "PUT",
    url: string,
    options: { as?: TestUser; payload?: unknown; headers?: Record<string, string>; ip?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: options.ip ?? OUTSIDE,
      headers: { ...(options.as ? options.as.auth : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const ok = async <T>(...args: Parameters<typeof call>): Promise<T> => {
    const answer = await call(...args);
    expect(answer.statusCode, `${args[0]} ${args[1]}: ${answer.body}`).toBe(200);
    return answer.json<T>();
  };
  const basic = (language: string) =>
    ok<{
      data: {
        features: Record<string, boolean>;
        announcements: { text: string }[];
        debug_options: { allow_vconsole: boolean };
      };
    }>("POST", "/config/v1/basic", { payload: { client: "web", data: { language } } });
  const adminConfig = () =>
    ok<{ version: number; document: RemoteConfigDocument }>("GET", "/admin/v1/config", { as: admin });

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAILS: ADMIN_EMAIL, FEEDBACK_FORWARD_EMAIL: FORWARD_EMAIL, METRICS_TOKEN },
    });
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    user = await signUp(t.app);
  });
  afterAll(() => t.close());

  it("answers the defaults with nothing stored: every service on, no installers", async () => {
    const answer = await basic("en-US");
    expect(answer.data.features).toEqual({
      cloud_download: true,
      payments: true,
      invites: true,
      check_in: true,
      activation_codes: true,
      app_downloads: true,
    });
    expect(answer.data.announcements).toEqual([]);
    expect(answer.data.debug_options.allow_vconsole).toBe(false);
    expect(
      await ok("POST", "/config/v1/external_products", { payload: { client: "web", data: {} } }),
    ).toEqual({
      data: { products: [] },
    });
    for (const path of ["resources", "activity_operation", "debug_options"]) {
      expect(
        (await call("POST", `/config/v1/${path}`, { payload: { client: "web", data: {} } })).statusCode,
      ).toBe(200);
    }
    expect((await adminConfig()).version).toBe(0);
  });

  it("carries an ETag and a short cache, and answers 304 to a matching If-None-Match", async () => {
    const first = await call("POST", "/config/v1/basic", { payload: { client: "web", data: {} } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toMatch(/max-age=60/);
    const again = await call("POST", "/config/v1/basic", {
      payload: { client: "web", data: {} },
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("an admin's announcement reaches a zh-CN client; a rollback restores the previous answer", async () => {
    const before = await adminConfig();
    const document: RemoteConfigDocument = {
      ...before.document,
      announcements: [
        {
          id: "maintenance",
          level: "warning",
          texts: { "en-US": { text: "Maintenance tonight" }, "zh-CN": { text: "今晚维护" } },
        },
      ],
      allow_vconsole: { user_ids: [user.id], device_ids: ["device-1"] },
    };
    const saved = await ok<{ version: number }>("PUT", "/admin/v1/config", {
      as: admin,
      payload: { document, note: "announce maintenance", base_version: before.version },
    });
    expect(saved.version).toBe(before.version + 1);
    expect((await basic("zh-CN")).data.announcements).toEqual([
      { id: "maintenance", level: "warning", text: "今晚维护" },
    ]);
    expect((await basic("ja")).data.announcements[0]?.text).toBe("Maintenance tonight");
    const byDevice = await ok<{ data: { allow_vconsole: boolean } }>("POST", "/config/v1/debug_options", {
      payload: { client: "web", data: { uuid: "device-1" } },
    });
    expect(byDevice.data.allow_vconsole).toBe(true);
    const byUser = await ok<{ data: { allow_vconsole: boolean } }>("POST", "/config/v1/debug_options", {
      as: user,
      payload: { client: "web", data: {} },
    });
    expect(byUser.data.allow_vconsole).toBe(true);

    const versions = await ok<{ data: { version: number; author_user_id: string; note: string }[] }>(
      "GET",
      "/admin/v1/config/versions",
      { as: admin },
    );
    expect(versions.data[0]).toMatchObject({
      version: saved.version,
      author_user_id: admin.id,
      note: "announce maintenance",
    });

    await ok("POST", `/admin/v1/config/versions/${before.version}:rollback`, { as: admin });
    expect((await basic("zh-CN")).data.announcements).toEqual([]);
    const history = await ok<{ data: { version: number; rolled_back_at?: string }[] }>(
      "GET",
      "/admin/v1/config/versions",
      {
        as: admin,
      },
    );
    expect(history.data.find((v) => v.version === saved.version)?.rolled_back_at).toBeTruthy();
    const logged = await t.database.db
      .selectFrom("admin_actions")
      .select(["admin_user_id", "action", "target", "ip"])
      .orderBy("id")
      .execute();
    expect(logged).toEqual(
      expect.arrayContaining([
        { admin_user_id: admin.id, action: "config.update", target: String(saved.version), ip: OUTSIDE },
        { admin_user_id: admin.id, action: "config.rollback", target: String(before.version), ip: OUTSIDE },
      ]),
    );
  });

  it("refuses an edit made from a stale version (aborted, 409) and an invalid document (400)", async () => {
    const current = await adminConfig();
    await ok("PUT", "/admin/v1/config", {
      as: admin,
      payload: { document: current.document, base_version: current.version },
    });
    const stale = await call("PUT", "/admin/v1/config", {
      as: admin,
      payload: { document: current.document, base_version: current.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe("aborted");
    const bad = await call("PUT", "/admin/v1/config", {
      as: admin,
      payload: { document: { features: { payments: "yes" } }, base_version: current.version + 1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("an installer configured: listed, its link counts and redirects; an unconfigured one is 404", async () => {
    const current = await adminConfig();
    const document: RemoteConfigDocument = {
      ...current.document,
      features: { ...current.document.features, app_downloads: true },
      external_products: {
        android: { version: "1.2.3", url: "https://downloads.example.com/nimbus.apk", size: 12345 },
      },
    };
    await ok("PUT", "/admin/v1/config", { as: admin, payload: { document, base_version: current.version } });
    expect(
      await ok("POST", "/config/v1/external_products", { payload: { client: "web", data: {} } }),
    ).toEqual({
      data: {
        products: [{ platform: "android", version: "1.2.3", url: "/downloads/app/android", size: 12345 }],
      },
    });
    const click = await call("GET", "/downloads/app/android");
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe("https://downloads.example.com/nimbus.apk");
    expect((await call("GET", "/downloads/app/ios")).statusCode).toBe(404);
    expect((await call("GET", "/downloads/app/nonsense")).statusCode).toBe(400);
    const counts = await ok<{ data: { platform: string; count: number }[] }>(
      "GET",
      "/drive/v1/statistics/pub/download",
    );
    expect(counts.data.find((row) => row.platform === "android")?.count).toBe(1);
    expect(counts.data.find((row) => row.platform === "ios")?.count).toBe(0);
  });

  it("answers the operator's public-IP probe address, and refuses one that is not http(s)", async () => {
    expect((await basic("en-US")).data).not.toHaveProperty("ip_probe_url");
    const before = await adminConfig();
    const refused = await call("PUT", "/admin/v1/config", {
      as: admin,
      payload: {
        document: { ...before.document, ip_probe_url: "ftp://ip.example" },
        base_version: before.version,
      },
    });
    expect(refused.statusCode).toBe(400);
    await ok("PUT", "/admin/v1/config", {
      as: admin,
      payload: {
        document: { ...before.document, ip_probe_url: "https://ip.example/json" },
        base_version: before.version,
      },
    });
    expect((await basic("en-US")).data).toMatchObject({ ip_probe_url: "https://ip.example/json" });
    await ok("POST", `/admin/v1/config/versions/${before.version}:rollback`, { as: admin });
    expect((await basic("en-US")).data).not.toHaveProperty("ip_probe_url");
  });

  it("feedback: stored, listed to its sender, answered by an admin, forwarded and the reply mailed", async () => {
    const file = await driveClient(t, user).upload("screenshot.png", randomBytes(8));
    const { id } = await ok<{ id: string }>("POST", "/drive/v1/feedback", {
      as: user,
      payload: {
        category: "bug",
        text: "The upload bar froze",
        file_ids: [file.id],
        diagnostics: { browser: "test" },
      },
    });
    const foreign = await call("POST", "/drive/v1/feedback", {
      as: admin,
      payload: { category: "bug", text: "x", file_ids: [file.id] },
    });
    expect(foreign.json().error).toBe("file_not_found");
    const mine = await ok<{ data: { id: string; status: string; replies: unknown[] }[] }>(
      "GET",
      "/drive/v1/feedback",
      { as: user },
    );
    expect(mine.data).toMatchObject([{ id, status: "open", replies: [] }]);
    const forwarded = (await outbox(t.app)).filter((mail) => mail.to === FORWARD_EMAIL);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]?.raw).toContain("The upload bar froze");

    const inbox = await ok<{ data: { id: string; user_id: string }[] }>(
      "GET",
      "/admin/v1/feedback?status=open",
      { as: admin },
    );
    expect(inbox.data).toMatchObject([{ id, user_id: user.id }]);
    await ok("POST", `/admin/v1/feedback/${id}/reply`, {
      as: admin,
      payload: { text: "Fixed in the next release" },
    });
    const after = await ok<{ data: { status: string; replies: { text: string }[] }[] }>(
      "GET",
      "/drive/v1/feedback",
      { as: user },
    );
    expect(after.data[0]).toMatchObject({
      status: "answered",
      replies: [{ text: "Fixed in the next release" }],
    });
    const replyMail = (await outbox(t.app)).filter((mail) => mail.to === user.email).at(-1);
    expect(replyMail?.subject).toBe("Your Nimbus feedback was answered");
    expect(
      (await ok<{ data: unknown[] }>("GET", "/admin/v1/feedback?status=open", { as: admin })).data,
    ).toEqual([]);
    expect(
      (
        await call("POST", "/admin/v1/feedback/01ARZ3NDEKTSV4RRFFQ69G5FAV/reply", {
          as: admin,
          payload: { text: "x" },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("rate-limits feedback", async () => {
    const sender = await signUp(t.app);
    let last = 200;
    for (let i = 0; i < 11; i++) {
      last = (
        await call("POST", "/drive/v1/feedback", {
          as: sender,
          payload: { category: "idea", text: `idea ${i}` },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it("every admin config and feedback call: 401 anonymous, 403 for a user", async () => {
    const calls = [
      ["GET", "/admin/v1/config", undefined],
      ["PUT", "/admin/v1/config", { document: { features: {} }, base_version: 0 }],
      ["GET", "/admin/v1/config/versions", undefined],
      ["POST", "/admin/v1/config/versions/1:rollback", undefined],
      ["GET", "/admin/v1/feedback", undefined],
      ["POST", "/admin/v1/feedback/01ARZ3NDEKTSV4RRFFQ69G5FAV/reply", { text: "x" }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const denied = await call(method, url, { as: user, payload });
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().error).toBe("permission_denied");
      expect((await call(method, url, { payload })).statusCode, url).toBe(401);
    }
  });

  it("/metrics: scraped from loopback or with the token, holding the request and queue series", async () => {
    await t.jobs.enqueue("test.metrics", {}, { delayMs: 3_600_000 });
    const local = await call("GET", "/metrics", { ip: "127.0.0.1" });
    expect(local.statusCode).toBe(200);
    expect(local.headers["content-type"]).toMatch(/^text\/plain/);
    expect(local.body).toMatch(
      /nimbus_http_requests_total\{method="POST",route="\/config\/v1\/basic",status="200"\} \d+/,
    );
    expect(local.body).toContain('route="/admin/v1/feedback/:id/reply"');
    expect(local.body).not.toContain("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    expect(local.body).toContain("nimbus_http_request_duration_seconds_bucket");
    expect(local.body).toMatch(/nimbus_job_queue_depth\{type="test.metrics",state="pending"\} 1/);
    expect(local.body).toContain("nimbus_job_queue_oldest_age_seconds");
    expect(local.body).toContain("nimbus_signin_failures_total");
    expect(local.body).toContain("nimbus_captcha_challenges_total");

    const outside = await call("GET", "/metrics");
    expect(outside.statusCode).toBe(403);
    const forwarded = await call("GET", "/metrics", {
      ip: "127.0.0.1",
      headers: { "x-forwarded-for": OUTSIDE },
    });
    expect(forwarded.statusCode).toBe(403);
    expect(
      (await call("GET", "/metrics", { headers: { authorization: "Bearer wrong-token-wrong-token" } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call("GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode,
    ).toBe(200);
  });
});
