import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../support/grants.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signIn, signUp, type TestUser } from "../support/users.js";
import { call } from "./rewards-client.js";

const ADMIN_EMAIL = "codes-admin@example.com";
const DAY = 86_400_000;

describe("activation codes", () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const clock = manualClock();

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { ADMIN_EMAILS: ADMIN_EMAIL, ACTIVATION_CODE_FAILURES_PER_HOUR: "5" },
    });
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const makeBatch = async (body: object) => {
    const made = await call(t.app, admin, "POST", "/admin/v1/activation-codes", body);
    expect(made.status, made.text).toBe(200);
    return made.body as { batch_id: string; codes: string[] };
  };

  it("admin API only for admins: 401 anonymous, 403 for a user", async () => {
    for (const [method, url, body] of [
      ["POST", "/admin/v1/activation-codes", { count: 1, grants: { premium_days: 1 } }],
      ["GET", "/admin/v1/activation-codes", undefined],
      ["GET", "/admin/v1/activation-codes/01ARZ3NDEKTSV4RRFFQ69G5FAV/export", undefined],
      ["POST", "/admin/v1/activation-codes/01ARZ3NDEKTSV4RRFFQ69G5FAV/revoke", undefined],
    ] as const) {
      expect((await call(t.app, undefined, method, url, body)).status, url).toBe(401);
      const refused = await call(t.app, alice, method, url, body);
      expect(refused.status, url).toBe(403);
      expect(refused.body.error).toBe("permission_denied");
    }
  });

  it("a batch: codes shown once, listed, exported as CSV with status", async () => {
    const batch = await makeBatch({
      count: 3,
      grants: { premium_days: 30, traffic_bytes: 1024 },
      note: "promo",
    });
    expect(batch.codes).toHaveLength(3);
    for (const code of batch.codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    // Stored hashed: no plain code in the table.
    const rows = await sql<{
      code_hash: string;
      sealed_code: string;
    }>`select code_hash, sealed_code from activation_codes`.execute(t.database.db);
    const stored = JSON.stringify(rows.rows);
    for (const code of batch.codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll("-", ""));
    }

    const redeemed = await call(t.app, alice, "POST", "/vip/v1/order/activation-code", {
      activation_code: (batch.codes[0] as string).toLowerCase().replaceAll("-", " "),
      data: {},
    });
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(redeemed.body).toEqual({ grants: { premium_days: 30, traffic_bytes: 1024 } });

    const list = await call(t.app, admin, "GET", "/admin/v1/activation-codes");
    const listed = (list.body.batches as Array<Record<string, unknown>>).find(
      (b) => b.batch_id === batch.batch_id,
    );
    expect(listed).toMatchObject({ note: "promo", code_count: 3, redeemed_count: 1, revoked_time: null });

    const csv = await call(t.app, admin, "GET", `/admin/v1/activation-codes/${batch.batch_id}/export`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe("code,status,redeemed_by,redeemed_time");
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith(batch.codes[0] as string))).toMatch(
      new RegExp(`^${batch.codes[0]},redeemed,${alice.id},2026-`),
    );
    expect(lines.filter((l) => l.includes(",available,"))).toHaveLength(2);
  });

  it("a code grants once: a second redeem (anyone's) is refused", async () => {
    const { codes } = await makeBatch({ count: 1, grants: { storage_bytes: 5_000 } });
    const code = codes[0] as string;
    const first = await call(t.app, alice, "POST", "/vip/v1/order/activation-code", {
      activation_code: code,
    });
    expect(first.body).toEqual({ grants: { storage_bytes: 5000 } });
    for (const user of [alice, bob]) {
      const again = await call(t.app, user, "POST", "/vip/v1/order/activation-code", {
        activation_code: code,
      });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe("activation_code_used");
      expect(again.body.error_description).toBeTruthy();
    }
    const grants = await sql<{
      n: number;
    }>`select count(*) as n from entitlement_grants where source = 'activation_code' and user_id = ${alice.id} and storage_bytes = 5000`.execute(
      t.database.db,
    );
    expect(Number(grants.rows[0]?.n)).toBe(1);
  });

  it("expired and revoked codes are refused with their own errors", async () => {
    const expiring = await makeBatch({
      count: 1,
      grants: { premium_days: 1 },
      expires_time: new Date(clock.now() + DAY).toISOString(),
    });
    const revoked = await makeBatch({ count: 2, grants: { premium_days: 1 } });
    const revoke = await call(t.app, admin, "POST", `/admin/v1/activation-codes/${revoked.batch_id}/revoke`);
    expect(revoke.body).toEqual({ batch_id: revoked.batch_id, revoked_count: 2 });
    const gone = await call(t.app, bob, "POST", "/vip/v1/order/activation-code", {
      activation_code: revoked.codes[0],
    });
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe("activation_code_revoked");

    clock.advance(DAY);
    bob = await signIn(t.app, bob);
    admin = await signIn(t.app, admin);
    const late = await call(t.app, bob, "POST", "/vip/v1/order/activation-code", {
      activation_code: expiring.codes[0],
    });
    expect(late.status).toBe(410);
    expect(late.body.error).toBe("activation_code_expired");
    const csv = await call(t.app, admin, "GET", `/admin/v1/activation-codes/${expiring.batch_id}/export`);
    expect(csv.text).toContain(",expired,");
  });

  it("bad batches are refused (nothing granted, too many, unknown batch)", async () => {
    const none = await call(t.app, admin, "POST", "/admin/v1/activation-codes", { count: 1, grants: {} });
    expect(none.body.error).toBe("invalid_argument");
    const many = await call(t.app, admin, "POST", "/admin/v1/activation-codes", {
      count: 10_001,
      grants: { premium_days: 1 },
    });
    expect(many.body.error).toBe("invalid_argument");
    const unknown = await call(
      t.app,
      admin,
      "GET",
      "/admin/v1/activation-codes/01ARZ3NDEKTSV4RRFFQ69G5FAV/export",
    );
    expect(unknown.status).toBe(404);
  });

  it("guessing from a device hits the captcha shield after CAPTCHA_FAILURES wrong codes", async () => {
    const carol = await signUp(t.app);
    const device = { "x-device-id": "guessing-device-0001" };
    for (let i = 0; i < 3; i += 1) {
      const wrong = await call(
        t.app,
        carol,
        "POST",
        "/vip/v1/order/activation-code",
        { activation_code: "AAAA-BBBB-CCCC-DDDD" },
        device,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe("activation_code_invalid");
    }
    const shielded = await call(
      t.app,
      carol,
      "POST",
      "/vip/v1/order/activation-code",
      { activation_code: "AAAA-BBBB-CCCC-DDDE" },
      device,
    );
    expect(shielded.body.error).toBe("captcha_required");
  });

  it("guessing from an account is limited per hour (ACTIVATION_CODE_FAILURES_PER_HOUR)", async () => {
    const dave = await signUp(t.app);
    const { codes } = await makeBatch({ count: 1, grants: { premium_days: 2 } });
    for (let i = 0; i < 5; i += 1) {
      const wrong = await call(t.app, dave, "POST", "/vip/v1/order/activation-code", {
        activation_code: `nope${i}`,
      });
      expect(wrong.body.error).toBe("activation_code_invalid");
    }
    const limited = await call(t.app, dave, "POST", "/vip/v1/order/activation-code", {
      activation_code: codes[0],
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("too_many_requests");
    clock.advance(61 * 60_000);
    const fresh = await signIn(t.app, dave);
    const later = await call(t.app, fresh, "POST", "/vip/v1/order/activation-code", {
      activation_code: codes[0],
    });
    expect(later.body).toEqual({ grants: { premium_days: 2 } });
  });
});
