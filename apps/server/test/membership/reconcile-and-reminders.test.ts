import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../../src/mail/mailer.js";
import { grant } from "../../src/modules/membership/entitlements.js";
import { Memberships } from "../../src/modules/membership/memberships.js";
import { MembershipService } from "../../src/modules/payments/membership-service.js";
import { SandboxProvider } from "../../src/modules/payments/payment-provider.js";
import { Receipts } from "../../src/modules/payments/receipts.js";
import { Settlement } from "../../src/modules/payments/settlement.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp } from "../support/users.js";

const DAY = 86_400_000;
let now = Date.UTC(2030, 2, 4, 12); // a fixed day: no test here reads the wall clock
const clock = { now: () => now };
const sent: MailMessage[] = [];
const mailer = { send: async (m: MailMessage) => void sent.push(m), close: async () => {} };

let t: TestApp;
let settlement: Settlement;
let membership: MembershipService;
beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.database.db;
  const providers = new Map([["sandbox" as const, new SandboxProvider()]]);
  const receipts = new Receipts({ db, clock, config: t.config, mailer });
  settlement = new Settlement({ db, clock, receipts });
  membership = new MembershipService({
    db,
    clock,
    memberships: new Memberships(db, clock, t.config.quota),
    providers,
    mailer,
    publicUrl: t.config.publicUrl,
    reminderDays: 3,
  });
});
afterAll(() => t.close());

describe("the reconcile job", () => {
  it("grants a paid order whose grant is missing (a crash between payment and grant), once", async () => {
    const user = await signUp(t.app);
    await t.database.db
      .insertInto("orders")
      .values({
        id: `ord-${user.id}`,
        user_id: user.id,
        product_id: "premium-month",
        status: "paid",
        amount: 999,
        currency: "USD",
        campaign_id: null,
        provider: "sandbox",
        provider_ref: null,
        provider_payment: null,
        subscription_id: null,
        created_at: now,
        updated_at: now,
        paid_at: now,
        granted_at: null,
        refunded_at: null,
      })
      .execute();
    await settlement.reconcile();
    await settlement.reconcile();
    const grants = await t.database.db
      .selectFrom("entitlement_grants")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ source: "purchase", source_ref: `ord-${user.id}`, premium_days: 31 });
  });
});

describe("expiry reminders", () => {
  it("mails once, in the member's language, a few days before premium ends", async () => {
    const user = await signUp(t.app);
    await t.database.db.updateTable("users").set({ locale: "ja" }).where("id", "=", user.id).execute();
    await grant(t.database.db, {
      userId: user.id,
      source: "admin",
      sourceRef: `reminder-${user.id}`,
      premiumType: "platinum",
      premiumDays: 10,
      now,
    });
    await membership.sendExpiryReminders();
    expect(sent.filter((m) => m.to === user.email)).toHaveLength(0);
    now += 8 * DAY;
    await membership.sendExpiryReminders();
    await membership.sendExpiryReminders();
    const mails = sent.filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.locale).toBe("ja");
    expect(mails[0]?.subject).toContain("2 日");
  });
});
