import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grant } from "../../src/modules/membership/entitlements.js";
import { driveClient } from "../support/drive.js";
import { outbox } from "../support/mail.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { patternBytes } from "../support/uploads.js";
import { signIn, signUp, type TestUser } from "../support/users.js";

const MiB = 1024 * 1024;
const DAY = 86_400_000;

/** A clock the test moves (premium expiry), from a March day no default campaign holds. */
let now = Date.UTC(2030, 2, 4, 12);
const clock = { now: () => now };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { FREE_STORAGE_BYTES: String(1 * MiB), PREMIUM_STORAGE_BYTES: String(8 * MiB) },
  });
});
afterAll(() => t.close());

async function call(user: TestUser, method: "GET" | "POST", url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

async function buy(user: TestUser, productId: string, outcome: "pay" | "decline" = "pay") {
  const ordered = await call(user, "POST", "/vip/v1/order", { product_id: productId });
  expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
  const id = ordered.body.order_id as string;
  expect(ordered.body.checkout_url).toBe(`/drive/payment/checkout/${id}`);
  const settled = await call(user, "POST", `/vip/v1/sandbox/orders/${id}`, { outcome });
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  return settled.body.order;
}

describe("the sandbox checkout", () => {
  it("sells premium: pay grants it, privilege and quota follow, a receipt is mailed", async () => {
    const user = await signUp(t.app);
    const drive = driveClient(t, user);
    expect((await call(user, "GET", "/drive/v1/privilege/vip")).body.data).toMatchObject({
      status: "invalid",
      type: "novip",
      expire: "",
    });
    const products = await call(user, "GET", "/vip/v1/products?currency=eur");
    expect(products.body.currencies).toContain("USD");
    const month = products.body.products.find((p: { id: string }) => p.id === "premium-month");
    expect(month).toMatchObject({
      kind: "plan",
      period: "month",
      recurring: true,
      price: { currency: "EUR" },
    });

    const pending = await call(user, "POST", "/vip/v1/order", { product_id: "premium-month" });
    const shown = await call(user, "GET", `/vip/v1/sandbox/orders/${pending.body.order_id}`);
    expect(shown.body).toMatchObject({
      test_mode: true,
      order: { status: "pending", amount: 999, currency: "USD" },
    });
    const paid = await call(user, "POST", `/vip/v1/sandbox/orders/${pending.body.order_id}`, {
      outcome: "pay",
    });
    expect(paid.body.order).toMatchObject({
      status: "paid",
      receipt_url: `/drive/payment/receipt/${pending.body.order_id}`,
    });

    const vip = (await call(user, "GET", "/drive/v1/privilege/vip")).body.data;
    expect(vip).toMatchObject({ status: "ok", type: "platinum", user_id: user.id });
    expect(Date.parse(vip.expire)).toBe(now + 31 * DAY);
    expect((await drive.about()).limit).toBe(8 * MiB);
    const about = (await call(user, "GET", "/drive/v1/about")).body;
    expect(about.quotas.download.total_assets).toBe(String(1200 * 1024 ** 3));
    const me = (await call(user, "GET", "/v1/user/me")).body;
    expect(me.vip).toMatchObject({
      premium: true,
      type: "platinum",
      limit: String(8 * MiB),
      over_storage_limit: false,
    });
    expect(me.vip.vip_item[0]).toMatchObject({ type: "platinum", surplus_day: 31 });

    const membership = (await call(user, "GET", "/vip/v1/membership")).body;
    expect(membership.premium).toMatchObject({ surplus_day: 31, cancel_at_period_end: false });
    expect(membership.subscription).toMatchObject({ product_id: "premium-month", status: "active" });
    const cancelled = await call(user, "POST", "/vip/v1/subscription/cancel", {});
    expect(cancelled.body.premium.cancel_at_period_end).toBe(true);
    const resumed = await call(user, "POST", "/vip/v1/subscription/resume", {});
    expect(resumed.body.premium.cancel_at_period_end).toBe(false);

    // A second settlement of the same order is refused and grants nothing.
    const again = await call(user, "POST", `/vip/v1/sandbox/orders/${pending.body.order_id}`, {
      outcome: "pay",
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("order_not_payable");

    const receipts = (await outbox(t.app)).filter(
      (m) => m.to === user.email && m.subject === "Your Nimbus receipt",
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.raw).toContain(pending.body.order_id);
  });

  it("stacks a second purchase onto the current expiry; a decline changes nothing", async () => {
    const user = await signUp(t.app);
    await buy(user, "premium-month");
    await buy(user, "premium-month");
    const declined = await buy(user, "premium-year", "decline");
    expect(declined.status).toBe("declined");
    const vip = (await call(user, "GET", "/drive/v1/privilege/vip")).body.data;
    expect(Date.parse(vip.expire)).toBe(now + 62 * DAY);
    const orders = (await call(user, "GET", "/vip/v1/orders?limit=2")).body;
    expect(orders.orders).toHaveLength(2);
    const rest = (await call(user, "GET", `/vip/v1/orders?limit=2&page_token=${orders.next_page_token}`))
      .body;
    expect(rest.orders).toHaveLength(1);
    expect(rest.next_page_token).toBe("");
    const statuses = [...orders.orders, ...rest.orders].map((o: { status: string }) => o.status).sort();
    expect(statuses).toEqual(["declined", "paid", "paid"]);
  });

  it("sells packs: a storage pack raises the limit for its validity", async () => {
    const user = await signUp(t.app);
    await buy(user, "storage-100g");
    const membership = (await call(user, "GET", "/vip/v1/membership")).body;
    expect(membership.premium).toBeNull();
    expect(membership.packs).toEqual([
      { kind: "storage_pack", bytes: 100 * 1024 ** 3, expire: expect.any(String) },
    ]);
    expect((await driveClient(t, user).about()).limit).toBe(1 * MiB + 100 * 1024 ** 3);
  });

  it("keeps a stranger's order private and refuses unknown products", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const order = await call(alice, "POST", "/vip/v1/order", { product_id: "premium-year" });
    expect((await call(bob, "GET", `/vip/v1/order/${order.body.order_id}`)).body.error).toBe(
      "order_not_found",
    );
    const foreign = await call(bob, "POST", `/vip/v1/sandbox/orders/${order.body.order_id}`, {
      outcome: "pay",
    });
    expect(foreign.status).toBe(404);
    const unknown = await call(alice, "POST", "/vip/v1/order", { product_id: "nope" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("product_not_found");
    const bad = await call(alice, "POST", "/vip/v1/order", { product_id: "premium-year", currency: "12" });
    expect(bad.status).toBe(400);
  });
});

describe("premium ending", () => {
  it("keeps every file, marks the account over its limit and refuses uploads over the free quota", async () => {
    let user = await signUp(t.app);
    await grant(t.database.db, {
      userId: user.id,
      source: "admin",
      sourceRef: `test-${user.id}`,
      premiumType: "platinum",
      premiumDays: 3,
      now,
    });
    const drive = driveClient(t, user);
    const big = await drive.upload("big.bin", patternBytes(2 * MiB, 1));
    expect((await drive.about()).usage).toBe(2 * MiB);

    now += 4 * DAY;
    user = await signIn(t.app, user);
    const later = driveClient(t, user);
    expect((await call(user, "GET", "/drive/v1/privilege/vip")).body.data).toMatchObject({
      status: "invalid",
      type: "novip",
    });
    const files = await later.listAll({});
    expect(files.map((f) => f.id)).toContain(big.id);
    const me = (await call(user, "GET", "/v1/user/me")).body;
    expect(me.vip).toMatchObject({ premium: false, over_storage_limit: true, limit: String(1 * MiB) });
    expect(me.vip.vip_item).toEqual([]);
    const refused = await later.call("POST", "/drive/v1/files", {
      kind: "drive#file",
      name: "more.bin",
      parent_id: "",
      size: "1024",
      upload_type: "UPLOAD_TYPE_FORM",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("file_space_not_enough");
  });
});
