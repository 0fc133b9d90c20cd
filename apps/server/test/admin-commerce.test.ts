import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DriveClient, driveClient } from "./support/drive.js";
import { manualClock } from "./support/grants.js";
import { type ShareClient, shareClient } from "./support/shares.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const ADMIN_EMAIL = "commerce-admin@example.com";

describe("admin console: code batches, sensitive words, prices", () => {
  let t: TestApp;
  let adminUser: TestUser;
  let alice: TestUser;
  let drive: DriveClient;
  let owner: ShareClient;

  async function call(user: TestUser | undefined, method: string, url: string, payload?: unknown) {
    const response = await t.app.inject({
      method: method as "GET",
      url,
      headers: {
        ...(user?.auth ?? {}),
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      remoteAddress: "203.0.113.21",
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    const json = response.headers["content-type"]?.toString().startsWith("application/json");
    return {
      status: response.statusCode,
      body: json ? response.json() : response.body,
      headers: response.headers,
    };
  }

  /** The logged `action` on `target` (ids order by millisecond only, so "the last one" could be either of two). */
  async function loggedAction(action: string, target: string) {
    const log = await call(adminUser, "GET", `/admin/v1/actions?action=${action}&limit=100`);
    return log.body.data.find((row: { target: string }) => row.target === target);
  }

  // A March day: no default campaign holds, so the campaign test decides what is live.
  const clock = manualClock(Date.UTC(2030, 2, 4, 12));

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { ADMIN_EMAILS: ADMIN_EMAIL, SHARE_SENSITIVE_WORDS: "configured" },
    });
    adminUser = await signUp(t.app, { email: ADMIN_EMAIL });
    alice = await signUp(t.app);
    drive = driveClient(t, alice);
    owner = shareClient(t, alice);
  });
  afterAll(() => t.close());

  it("pages code batches on the server and logs making, exporting and revoking one", async () => {
    const made: string[] = [];
    for (const note of ["one", "two", "three"]) {
      clock.advance(1000); // newest first: each batch a second after the last
      const batch = await call(adminUser, "POST", "/admin/v1/activation-codes", {
        count: 2,
        grants: { premium_days: 7 },
        note,
      });
      expect(batch.status).toBe(200);
      made.push(batch.body.batch_id);
    }
    expect(await loggedAction("activation_codes.create", made[2] as string)).toMatchObject({
      admin_email: ADMIN_EMAIL,
      ip: "203.0.113.21",
      detail: { count: 2, note: "three" },
    });
    const first = await call(adminUser, "GET", "/admin/v1/activation-codes?limit=2");
    expect(first.body.batches.map((b: { note: string }) => b.note)).toEqual(["three", "two"]);
    expect(first.body.next_page_token).not.toBe("");
    const second = await call(
      adminUser,
      "GET",
      `/admin/v1/activation-codes?limit=2&page_token=${first.body.next_page_token}`,
    );
    expect(second.body).toMatchObject({ batches: [{ note: "one" }], next_page_token: "" });
    const broken = await call(adminUser, "GET", "/admin/v1/activation-codes?page_token=broken");
    expect(broken).toMatchObject({ status: 400, body: { error: "invalid_page_token" } });

    const csv = await call(adminUser, "GET", `/admin/v1/activation-codes/${made[0]}/export`);
    expect(csv.status).toBe(200);
    expect(String(csv.body).split("\r\n")[0]).toBe("code,status,redeemed_by,redeemed_time");
    expect(await loggedAction("activation_codes.export", made[0] as string)).toBeDefined();

    const revoked = await call(adminUser, "POST", `/admin/v1/activation-codes/${made[0]}/revoke`, {});
    expect(revoked.body).toEqual({ batch_id: made[0], revoked_count: 2 });
    expect(await loggedAction("activation_codes.revoke", made[0] as string)).toMatchObject({
      detail: { revoked_count: 2 },
    });
    const unknown = await call(adminUser, "POST", "/admin/v1/activation-codes/nope/revoke", {});
    expect(unknown).toMatchObject({ status: 404, body: { error: "not_found" } });
  });

  it("a word an admin adds flags shares at once; removing it clears them; both are logged", async () => {
    const file = await drive.upload("holiday photos.txt", randomBytes(4));
    const share = await owner.create({ file_ids: [file.id], title: "Trip to Lisbon" });
    const visitor = shareClient(t);
    expect((await visitor.open({ share_id: share.share_id })).share_status).toBe("OK");

    const added = await call(adminUser, "POST", "/admin/v1/sensitive-words", { word: "  LISBON " });
    expect(added).toMatchObject({ status: 200, body: { word: "lisbon" } });
    expect((await visitor.open({ share_id: share.share_id })).share_status).toBe("SENSITIVE_WORD");
    expect(await loggedAction("sensitive_word.add", "lisbon")).toMatchObject({ admin_email: ADMIN_EMAIL });
    // Adding it again changes nothing and logs nothing.
    await call(adminUser, "POST", "/admin/v1/sensitive-words", { word: "lisbon" });
    const log = await call(adminUser, "GET", "/admin/v1/actions?action=sensitive_word.add");
    expect(log.body.data).toHaveLength(1);

    await call(adminUser, "POST", "/admin/v1/sensitive-words", { word: "photos" });
    await call(adminUser, "POST", "/admin/v1/sensitive-words", { word: "100%" });
    const listed = await call(adminUser, "GET", "/admin/v1/sensitive-words?limit=2");
    expect(listed.body).toMatchObject({
      data: [{ word: "100%" }, { word: "lisbon" }],
      configured: ["configured"],
    });
    const rest = await call(
      adminUser,
      "GET",
      `/admin/v1/sensitive-words?page_token=${listed.body.next_page_token}`,
    );
    expect(rest.body.data.map((w: { word: string }) => w.word)).toEqual(["photos"]);
    const filtered = await call(adminUser, "GET", "/admin/v1/sensitive-words?q=%25");
    expect(filtered.body.data.map((w: { word: string }) => w.word)).toEqual(["100%"]);

    for (const word of ["lisbon", "photos"]) {
      const removed = await call(adminUser, "POST", "/admin/v1/sensitive-words:remove", { word });
      expect(removed.status).toBe(200);
    }
    expect((await visitor.open({ share_id: share.share_id })).share_status).toBe("OK");
    expect(await loggedAction("sensitive_word.remove", "lisbon")).toBeDefined();
    expect(await loggedAction("sensitive_word.remove", "photos")).toBeDefined();
  });

  it("refuses bad words in the spec's error object", async () => {
    const empty = await call(adminUser, "POST", "/admin/v1/sensitive-words", { word: "   " });
    expect(empty).toMatchObject({ status: 400, body: { error: "invalid_argument" } });
    const long = await call(adminUser, "POST", "/admin/v1/sensitive-words", { word: "x".repeat(101) });
    expect(long).toMatchObject({ status: 400, body: { error: "invalid_argument" } });
    const missing = await call(adminUser, "POST", "/admin/v1/sensitive-words:remove", {
      word: "never-added",
    });
    expect(missing).toMatchObject({ status: 404, body: { error: "not_found" } });
    const configured = await call(adminUser, "POST", "/admin/v1/sensitive-words:remove", {
      word: "configured",
    });
    expect(configured).toMatchObject({ status: 404, body: { error: "not_found" } });
  });

  it("an admin's price is what buyers see and pay, survives a restart, and is logged", async () => {
    const products = await call(adminUser, "GET", "/admin/v1/products");
    const month = products.body.data.find((p: { id: string }) => p.id === "premium-month");
    expect(month).toMatchObject({ kind: "plan", active: true });
    expect(month.prices).toContainEqual({ currency: "EUR", amount: 949, edited: false });
    expect(month.campaigns.length).toBeGreaterThan(0);

    const set = await call(adminUser, "POST", "/admin/v1/products/premium-month/prices", {
      currency: "EUR",
      amount: 899,
    });
    expect(set.status).toBe(200);
    expect(set.body.prices).toContainEqual({ currency: "EUR", amount: 899, edited: true });
    expect(await loggedAction("product.price", "premium-month")).toMatchObject({
      detail: { currency: "EUR", amount: 899, before: 949 },
    });

    t = await t.restart();
    const shop = await call(alice, "GET", "/vip/v1/products?currency=EUR");
    const sold = shop.body.products.find((p: { id: string }) => p.id === "premium-month");
    expect(sold.price).toMatchObject({ currency: "EUR", amount: 899 });
    const order = await call(alice, "POST", "/vip/v1/order", {
      product_id: "premium-month",
      currency: "EUR",
    });
    const shown = await call(alice, "GET", `/vip/v1/sandbox/orders/${order.body.order_id}`);
    expect(shown.body.order).toMatchObject({ amount: 899, currency: "EUR" });
    // Prices nobody edited still follow the catalogue.
    const year = (await call(adminUser, "GET", "/admin/v1/products")).body.data.find(
      (p: { id: string }) => p.id === "premium-year",
    );
    expect(year.prices).toContainEqual({ currency: "EUR", amount: 7599, edited: false });
  });

  it("refuses bad prices and unknown products in the spec's error object", async () => {
    for (const body of [
      { currency: "eur", amount: 100 },
      { currency: "EUR", amount: -1 },
      { currency: "EUR", amount: 1.5 },
      { currency: "EUR" },
    ]) {
      const refused = await call(adminUser, "POST", "/admin/v1/products/premium-month/prices", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error, JSON.stringify(body)).toBe("invalid_argument");
    }
    const unknown = await call(adminUser, "POST", "/admin/v1/products/nope/prices", {
      currency: "USD",
      amount: 1,
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: "product_not_found" } });
  });

  it("a campaign window set in the console moves its pages and prices, survives a restart, and is logged", async () => {
    const listed = await call(adminUser, "GET", "/admin/v1/campaigns");
    const friday = listed.body.data.find((c: { id: string }) => c.id === "black_friday_2030");
    expect(friday).toMatchObject({ pages: true, prices: true, edited: false });
    const yearPrice = async () =>
      (await call(alice, "GET", "/vip/v1/products?currency=USD")).body.products.find(
        (p: { id: string }) => p.id === "premium-year",
      ).price;

    const day = 24 * 3600 * 1000;
    const start_time = new Date(clock.now() - day).toISOString();
    const end_time = new Date(clock.now() + day).toISOString();
    const set = await call(adminUser, "POST", "/admin/v1/campaigns/black_friday_2030/window", {
      start_time,
      end_time,
    });
    expect(set.body).toMatchObject({ id: "black_friday_2030", start_time, end_time, edited: true });
    expect(await yearPrice()).toMatchObject({
      amount: 4799,
      original_amount: 7999,
      campaign_id: "black_friday_2030",
    });
    const live = await call(alice, "GET", "/vip/v1/campaigns");
    expect(live.body.campaigns.map((c: { id: string }) => c.id)).toContain("black_friday_2030");
    expect(await loggedAction("campaign.window", "black_friday_2030")).toMatchObject({
      detail: { start_time, end_time, before: { start_time: friday.start_time } },
    });

    t = await t.restart();
    expect(await yearPrice()).toMatchObject({ amount: 4799, campaign_id: "black_friday_2030" });
    const all = await call(alice, "GET", "/vip/v1/campaigns?scope=all");
    expect(all.body.campaigns).toContainEqual(
      expect.objectContaining({ id: "black_friday_2030", start_time, end_time }),
    );

    // Ended: the list price again, and the pages say so.
    await call(adminUser, "POST", "/admin/v1/campaigns/black_friday_2030/window", {
      start_time: new Date(clock.now() - 2 * day).toISOString(),
      end_time: new Date(clock.now() - day).toISOString(),
    });
    expect(await yearPrice()).toEqual({ currency: "USD", amount: 7999 });
    expect((await call(alice, "GET", "/vip/v1/campaigns")).body.campaigns).not.toContainEqual(
      expect.objectContaining({ id: "black_friday_2030" }),
    );
  });

  it("refuses a window that ends before it starts, or of an unknown campaign", async () => {
    const backwards = await call(adminUser, "POST", "/admin/v1/campaigns/christmas_2030/window", {
      start_time: "2026-12-27T00:00:00Z",
      end_time: "2026-12-20T00:00:00Z",
    });
    expect(backwards).toMatchObject({ status: 400, body: { error: "invalid_argument" } });
    const garbled = await call(adminUser, "POST", "/admin/v1/campaigns/christmas_2030/window", {
      start_time: "soon",
      end_time: "2026-12-20T00:00:00Z",
    });
    expect(garbled).toMatchObject({ status: 400, body: { error: "invalid_argument" } });
    const unknown = await call(adminUser, "POST", "/admin/v1/campaigns/nope/window", {
      start_time: "2026-12-20T00:00:00Z",
      end_time: "2026-12-27T00:00:00Z",
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: "activity_not_found" } });
  });

  it("answers 403 to a signed-in user on every new call", async () => {
    for (const [method, url, body] of [
      ["GET", "/admin/v1/sensitive-words", undefined],
      ["POST", "/admin/v1/sensitive-words", { word: "x" }],
      ["POST", "/admin/v1/sensitive-words:remove", { word: "x" }],
      ["GET", "/admin/v1/products", undefined],
      ["POST", "/admin/v1/products/premium-month/prices", { currency: "USD", amount: 1 }],
      ["GET", "/admin/v1/campaigns", undefined],
      [
        "POST",
        "/admin/v1/campaigns/christmas_2030/window",
        { start_time: "2026-12-20T00:00:00Z", end_time: "2026-12-27T00:00:00Z" },
      ],
    ] as const) {
      const denied = await call(alice, method, url, body);
      expect(denied.status, `${method} ${url}`).toBe(403);
      expect(denied.body.error).toBe("permission_denied");
    }
  });
});
