import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../support/grants.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signIn, signUp, type TestUser } from "../support/users.js";
import { call } from "./rewards-client.js";

const DAY = 86_400_000;
const GiB = 1024 ** 3;

describe("daily check-in", () => {
  let t: TestApp;
  // 2026-01-01T10:00Z
  const clock = manualClock(Date.UTC(2026, 0, 1, 10));

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const status = (user: TestUser, query = "") =>
    call(t.app, user, "GET", `/vip/v1/task/status?scene=check_in${query}`);
  const checkIn = (user: TestUser, data?: object) =>
    call(t.app, user, "POST", "/vip/v1/activity/rewardVip", { type: "check_in", ...(data ? { data } : {}) });

  it("once a day, a streak, the 7th day a premium day, a missed day starts again", async () => {
    let user = await signUp(t.app);
    const before = await status(user);
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({
      scene: "check_in",
      streak: 0,
      checked_in_today: false,
      today: { day: 1, reward: { day: 1, kind: "traffic", amount: GiB } },
      next_reset_time: "2026-01-02T00:00:00.000Z",
      time_zone: "UTC",
    });
    expect(before.body.rewards).toHaveLength(7);
    expect((before.body.rewards as Array<{ kind: string }>)[6]).toEqual({
      day: 7,
      kind: "premium_day",
      amount: 1,
    });

    const first = await checkIn(user);
    expect(first.body).toEqual({ reward: { day: 1, kind: "traffic", amount: GiB }, streak: 1 });
    const again = await checkIn(user);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("check_in_done_today");
    expect((await status(user)).body).toMatchObject({ streak: 1, checked_in_today: true, today: { day: 1 } });

    for (let day = 2; day <= 7; day += 1) {
      clock.advance(DAY);
      user = await signIn(t.app, user);
      const answer = await checkIn(user);
      expect(answer.body.streak).toBe(day);
      expect((answer.body.reward as { day: number }).day).toBe(day);
      if (day === 7) expect(answer.body.reward).toEqual({ day: 7, kind: "premium_day", amount: 1 });
    }
    clock.advance(DAY);
    user = await signIn(t.app, user);
    expect((await checkIn(user)).body).toMatchObject({ streak: 8, reward: { day: 1, kind: "traffic" } });

    clock.advance(2 * DAY);
    user = await signIn(t.app, user);
    expect((await status(user)).body).toMatchObject({
      streak: 0,
      checked_in_today: false,
      today: { day: 1 },
    });
    expect((await checkIn(user)).body).toMatchObject({ streak: 1 });
  });

  it("days are counted in the time zone of the first check-in", async () => {
    let user = await signUp(t.app);
    const tokyo = await checkIn(user, { time_zone: "Asia/Tokyo" });
    expect(tokyo.body.streak).toBe(1);
    const now = clock.now();
    // The next local midnight in Tokyo (UTC+9).
    const tokyoMidnight =
      Date.UTC(
        new Date(now + 9 * 3_600_000).getUTCFullYear(),
        new Date(now + 9 * 3_600_000).getUTCMonth(),
        new Date(now + 9 * 3_600_000).getUTCDate() + 1,
      ) -
      9 * 3_600_000;
    const state = await status(user, "&time_zone=UTC");
    expect(state.body).toMatchObject({
      time_zone: "Asia/Tokyo",
      next_reset_time: new Date(tokyoMidnight).toISOString(),
    });
    // Another zone later does not buy a second check-in today.
    expect((await checkIn(user, { time_zone: "Pacific/Honolulu" })).body.error).toBe("check_in_done_today");
    clock.advance(tokyoMidnight - now + 1000);
    user = await signIn(t.app, user);
    expect((await checkIn(user)).body).toMatchObject({ streak: 2 });
  });

  it("a bad time zone or scene is invalid_argument", async () => {
    const user = await signUp(t.app);
    expect((await checkIn(user, { time_zone: "Mars/Olympus" })).body.error).toBe("invalid_argument");
    expect((await status(user, "&time_zone=Nowhere")).status).toBe(400);
    expect((await call(t.app, user, "GET", "/vip/v1/task/status?scene=other")).status).toBe(400);
    expect((await call(t.app, undefined, "GET", "/vip/v1/task/status?scene=check_in")).status).toBe(401);
  });
});
