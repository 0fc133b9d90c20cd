import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp, type TestUser } from "../support/users.js";
import { call } from "./rewards-client.js";

describe("invites and free days", () => {
  let t: TestApp;
  let inviter: TestUser;
  let code: string;

  const page = async (user: TestUser, query = "") => {
    const answer = await call(t.app, user, "GET", `/vip/v1/activity/inviteExtActivityPage${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as {
      invite_code: string;
      invite_url: string;
      reward_days: number;
      invited: Array<{ user_name: string; created_time: string; free_days: number }>;
      total_free_days: number;
      next_page_token: string;
    };
  };
  const claim = (user: TestUser, inviteCode: string | undefined, headers: Record<string, string> = {}) =>
    call(
      t.app,
      user,
      "POST",
      "/vip/v1/activity/invite",
      { from: "web", rr: "nimbus.test/", tf: "", rf: "" },
      {
        ...(inviteCode ? { cookie: `pp_invite=${inviteCode}` } : {}),
        ...headers,
      },
    );
  const grantsOf = async (userId: string) =>
    (
      await sql<{
        premium_days: number;
      }>`select premium_days from entitlement_grants where user_id = ${userId} and source = 'invite'`.execute(
        t.database.db,
      )
    ).rows.map((row) => Number(row.premium_days));
  /** The inviter signed up elsewhere: another address and device than the friends. */
  const elsewhere = (user: TestUser, device = "inviter-device-000001") =>
    sql`update sessions set ip = '198.51.100.7', device_id = ${device} where user_id = ${user.id}`.execute(
      t.database.db,
    );

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        REWARD_INVITEE_DAYS: "5",
        REWARD_INVITER_DAYS: "7",
        REWARD_NEW_USER_DAYS: "1",
        REWARD_INVITE_MONTHLY_CAP: "2",
      },
    });
    inviter = await signUp(t.app, { email: "inviter@example.com" });
    await elsewhere(inviter);
    const mine = await page(inviter);
    code = mine.invite_code;
    expect(mine.invite_url).toBe(`http://nimbus.test/?invite=${code}`);
    expect(mine).toMatchObject({ reward_days: 7, invited: [], total_free_days: 0, next_page_token: "" });
  });
  afterAll(() => t.close());

  it("every user keeps one invite code", async () => {
    expect((await page(inviter)).invite_code).toBe(code);
    expect(code).toMatch(/^[2-9A-Z]{8}$/);
  });

  it("a friend through the link: both sides get their days; a second claim grants nothing", async () => {
    const friend = await signUp(t.app, { email: "friend.one@example.com" });
    const first = await claim(friend, code, { "x-device-id": "friend-device-0001" });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ free_days: 5 });
    expect((await claim(friend, code)).body).toEqual({ free_days: 0 });
    expect(await grantsOf(friend.id)).toEqual([5]);
    expect(await grantsOf(inviter.id)).toEqual([7]);
    const mine = await page(inviter);
    expect(mine.invited).toHaveLength(1);
    expect(mine.invited[0]).toMatchObject({ user_name: "fr***", free_days: 7 });
    expect(mine.total_free_days).toBe(7);
  });

  it("without an invite a new user gets the new-user days, once", async () => {
    const loner = await signUp(t.app);
    expect((await claim(loner, undefined)).body).toEqual({ free_days: 1 });
    expect((await claim(loner, undefined)).body).toEqual({ free_days: 0 });
    // One's own code is no invite.
    const self = await signUp(t.app);
    const own = (await page(self)).invite_code;
    expect((await claim(self, own)).body).toEqual({ free_days: 1 });
    expect(await grantsOf(self.id)).toEqual([1]);
  });

  it("farming: the same device earns neither side an invite reward", async () => {
    const farmer = await signUp(t.app);
    await elsewhere(farmer, "farm-device-0000001");
    const farmCode = (await page(farmer)).invite_code;
    const fake = await signUp(t.app);
    const answer = await claim(fake, farmCode, { "x-device-id": "farm-device-0000001" });
    expect(answer.body).toEqual({ free_days: 1 });
    expect(await grantsOf(farmer.id)).toEqual([]);
    const refused = await sql<{
      refused: string;
    }>`select refused from invite_claims where user_id = ${fake.id}`.execute(t.database.db);
    expect(refused.rows[0]?.refused).toBe("same_device");
  });

  it("farming: the same sign-up address, and an alias of an earlier invitee, earn nothing", async () => {
    const nearby = await signUp(t.app);
    const nearbyCode = (await page(nearby)).invite_code;
    const sameIp = await signUp(t.app);
    expect((await claim(sameIp, nearbyCode)).body).toEqual({ free_days: 1 });
    const alias = await signUp(t.app, { email: "Friend.One+again@Example.com" });
    expect((await claim(alias, code, { "x-device-id": "alias-device-00001" })).body).toEqual({
      free_days: 1,
    });
    const reasons = await sql<{
      refused: string;
    }>`select refused from invite_claims where user_id in (${sameIp.id}, ${alias.id}) order by refused`.execute(
      t.database.db,
    );
    expect(reasons.rows.map((row) => row.refused)).toEqual(["same_address", "same_email"]);
    expect(await grantsOf(nearby.id)).toEqual([]);
  });

  it("the monthly cap: over it the friend still gets days, the inviter none", async () => {
    const second = await signUp(t.app);
    expect((await claim(second, code, { "x-device-id": "friend-device-0002" })).body).toEqual({
      free_days: 5,
    });
    const third = await signUp(t.app);
    expect((await claim(third, code, { "x-device-id": "friend-device-0003" })).body).toEqual({
      free_days: 5,
    });
    expect(await grantsOf(inviter.id)).toEqual([7, 7]);
    const mine = await page(inviter, "?limit=2");
    expect(mine.total_free_days).toBe(14);
    expect(mine.invited.map((f) => f.free_days)).toEqual([0, 7]);
    expect(mine.next_page_token).not.toBe("");
    const rest = await page(inviter, `?limit=2&page_token=${mine.next_page_token}`);
    expect(rest.invited.map((f) => f.free_days)).toEqual([7]);
    expect(rest.next_page_token).toBe("");
  });
});
