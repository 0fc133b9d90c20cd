import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp, type TestUser } from "../support/users.js";

const DAY = 86_400_000;
const SECRET = "whsec_nimbus_test_secret";
/** A fixed March day: no default campaign (Black Friday, Christmas) holds, in any year the suite runs. */
const now = Date.UTC(2030, 2, 4, 12);
const clock = { now: () => now };

/** A loopback stand-in for the Stripe API: creates Checkout Sessions, accepts subscription updates. */
const calls: Array<{ method: string; path: string; form: URLSearchParams }> = [];
let stand: Server;
let t: TestApp;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  stand = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const form = new URLSearchParams(body);
      calls.push({ method: request.method ?? "", path: request.url ?? "", form });
      response.setHeader("content-type", "application/json");
      if (request.method === "POST" && request.url === "/v1/checkout/sessions") {
        const id = `cs_test_${calls.length}`;
        response.end(
          JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/${id}` }),
        );
        return;
      }
      if (request.url?.startsWith("/v1/subscriptions/")) {
        response.end(JSON.stringify({ id: request.url.split("/").pop(), object: "subscription" }));
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "no such thing" } }));
    });
  });
  await new Promise<void>((resolve) => stand.listen(0, "127.0.0.1", resolve));
  const { port } = stand.address() as AddressInfo;
  t = await createTestApp({
    clock,
    env: {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_nimbus",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stand.close(resolve));
});

async function call(user: TestUser, method: "GET" | "POST", url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

function event(id: string, type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id, object: "event", type, api_version: "2026-10-28.endive", data: { object } });
}

async function deliver(payload: string, secret = SECRET) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  const response = await t.app.inject({
    method: "POST",
    url: "/vip/v1/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

async function expiry(user: TestUser): Promise<number> {
  const { data } = (await call(user, "GET", "/drive/v1/privilege/vip")).body;
  return data.status === "ok" ? Date.parse(data.expire) : 0;
}

async function grantsOf(userId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom("entitlement_grants")
    .select("id")
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
  return rows.length;
}

async function orderThroughStripe(user: TestUser, productId: string): Promise<string> {
  const ordered = await call(user, "POST", "/vip/v1/order", { product_id: productId });
  expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
  expect(ordered.body.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/cs_test_/);
  return ordered.body.order_id;
}

function completed(id: string, orderId: string, extra: Record<string, unknown> = {}) {
  return event(id, "checkout.session.completed", {
    id: `cs_${orderId}`,
    object: "checkout.session",
    client_reference_id: orderId,
    payment_status: "paid",
    status: "complete",
    ...extra,
  });
}

describe("Stripe checkout and webhooks", () => {
  it("opens a Checkout Session naming the order, in subscription mode for a plan", async () => {
    const user = await signUp(t.app);
    const orderId = await orderThroughStripe(user, "premium-month");
    const created = calls.find(
      (c) => c.path === "/v1/checkout/sessions" && c.form.get("client_reference_id") === orderId,
    );
    expect(created?.form.get("mode")).toBe("subscription");
    expect(created?.form.get("line_items[0][price_data][unit_amount]")).toBe("999");
    expect(created?.form.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    const free = await call(user, "POST", "/vip/v1/order", {
      product_id: "premium-month",
      provider: "sandbox",
    });
    expect(free.status).toBe(503);
    expect(free.body.error).toBe("payment_provider_unavailable");
    const pack = await orderThroughStripe(user, "traffic-100g");
    const packSession = calls.find((c) => c.form.get("client_reference_id") === pack);
    expect(packSession?.form.get("mode")).toBe("payment");
  });

  it("grants on a signed completion once, renews on invoice.paid, revokes on refund", async () => {
    const user = await signUp(t.app);
    const orderId = await orderThroughStripe(user, "premium-month");
    const payload = completed("evt_done_1", orderId, { payment_intent: "pi_first_1", subscription: "sub_1" });

    expect((await deliver(payload)).status).toBe(200);
    expect(await expiry(user)).toBe(now + 31 * DAY);
    expect((await call(user, "GET", `/vip/v1/order/${orderId}`)).body.order.status).toBe("paid");

    // The same event again, and another event for the same session: nothing more.
    expect((await deliver(payload)).status).toBe(200);
    const async = completed("evt_done_2", orderId, { payment_intent: "pi_first_1", subscription: "sub_1" });
    expect((await deliver(async)).status).toBe(200);
    expect(await grantsOf(user.id)).toBe(1);
    expect(await expiry(user)).toBe(now + 31 * DAY);

    // The first invoice belongs to the checkout; a later one renews.
    const first = event("evt_inv_0", "invoice.paid", {
      id: "in_0",
      billing_reason: "subscription_create",
      parent: { subscription_details: { subscription: "sub_1" } },
      amount_paid: 999,
      currency: "usd",
    });
    expect((await deliver(first)).status).toBe(200);
    expect(await expiry(user)).toBe(now + 31 * DAY);
    const renewal = event("evt_inv_1", "invoice.paid", {
      id: "in_1",
      billing_reason: "subscription_cycle",
      parent: { subscription_details: { subscription: "sub_1" } },
      payments: { data: [{ payment: { payment_intent: "pi_renew_1" } }] },
      amount_paid: 999,
      currency: "usd",
    });
    expect((await deliver(renewal)).status).toBe(200);
    expect((await deliver(renewal)).status).toBe(200);
    expect(await expiry(user)).toBe(now + 62 * DAY);
    const orders = (await call(user, "GET", "/vip/v1/orders")).body.orders;
    expect(orders).toHaveLength(2);

    // Cancellation at period end.
    const updated = event("evt_sub_1", "customer.subscription.updated", {
      id: "sub_1",
      status: "active",
      cancel_at_period_end: true,
      items: { data: [{ current_period_end: Math.floor((now + 62 * DAY) / 1000) }] },
    });
    expect((await deliver(updated)).status).toBe(200);
    const membership = (await call(user, "GET", "/vip/v1/membership")).body;
    expect(membership.premium.cancel_at_period_end).toBe(true);
    expect(membership.subscription.status).toBe("cancelled");

    // Refunding the renewal takes its days back; a dispute on the first payment takes the rest.
    const refund = event("evt_ch_1", "charge.refunded", {
      id: "ch_1",
      refunded: true,
      payment_intent: "pi_renew_1",
    });
    expect((await deliver(refund)).status).toBe(200);
    expect(await expiry(user)).toBe(now + 31 * DAY);
    const dispute = event("evt_dp_1", "charge.dispute.created", { id: "dp_1", payment_intent: "pi_first_1" });
    expect((await deliver(dispute)).status).toBe(200);
    expect(await expiry(user)).toBe(0);
    expect((await call(user, "GET", `/vip/v1/order/${orderId}`)).body.order.status).toBe("refunded");
  });

  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const user = await signUp(t.app);
    const orderId = await orderThroughStripe(user, "premium-year");
    const payload = completed("evt_forged", orderId);
    const forged = await deliver(payload, "whsec_someone_else");
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe("payment_signature_invalid");
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/vip/v1/webhooks/stripe",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await expiry(user)).toBe(0);
    // The same event, properly signed, is not poisoned by the forged attempt.
    expect((await deliver(payload)).status).toBe(200);
    expect(await expiry(user)).toBe(now + 366 * DAY);
  });

  it("grants once when the same event arrives many times at once", async () => {
    const user = await signUp(t.app);
    const orderId = await orderThroughStripe(user, "premium-month");
    const payload = completed("evt_race", orderId, { payment_intent: "pi_race" });
    const results = await Promise.all(Array.from({ length: 6 }, () => deliver(payload)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const other = completed("evt_race_b", orderId, { payment_intent: "pi_race" });
    await Promise.all(Array.from({ length: 3 }, () => deliver(other)));
    expect(await grantsOf(user.id)).toBe(1);
    expect(await expiry(user)).toBe(now + 31 * DAY);
  });
});
