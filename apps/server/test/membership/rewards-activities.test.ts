import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../support/grants.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signIn, signUp } from "../support/users.js";
import { call } from "./rewards-client.js";

const DAY = 86_400_000;

describe("campaigns, compensation and captcha token checks", () => {
  let t: TestApp;
  const clock = manualClock(Date.UTC(2026, 0, 1, 12));

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: {
        REWARD_COMPENSATIONS: "outage_202601:3:2026-01-05,old_outage_202409:2:2024-09-10",
        REWARD_CAMPAIGNS: "new_year_2026:2026-01-01:2026-01-03,spring_2026:2026-03-01:2026-03-10",
      },
    });
  });
  afterAll(() => t.close());

  it("a campaign is live only inside its window", async () => {
    const live = await call(t.app, undefined, "GET", "/vip/v1/campaigns");
    expect(live.body).toEqual({
      campaigns: [
        {
          id: "new_year_2026",
          start_time: "2026-01-01T00:00:00.000Z",
          end_time: "2026-01-03T00:00:00.000Z",
          offers: [],
        },
      ],
    });
    clock.advance(2 * DAY);
    expect((await call(t.app, undefined, "GET", "/vip/v1/campaigns")).body).toEqual({ campaigns: [] });
    // Every configured window, ended or coming, for pages that must tell one from the other.
    const all = await call(t.app, undefined, "GET", "/vip/v1/campaigns?scope=all");
    const ids = (all.body.campaigns as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(["new_year_2026", "spring_2026"]);
    clock.advance(-2 * DAY);
  });

  it("compensation: an eligible account claims once; a later account, an unknown type are refused", async () => {
    let early = await signUp(t.app);
    const claimed = await call(t.app, early, "POST", "/vip/v1/activity/compensate", {
      type: "outage_202601",
    });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toEqual({ type: "outage_202601", grants: { premium_days: 3 } });
    const again = await call(t.app, early, "POST", "/vip/v1/activity/compensate", { type: "outage_202601" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("compensation_claimed");
    const old = await call(t.app, early, "POST", "/vip/v1/activity/compensate", {
      type: "old_outage_202409",
    });
    expect(old.status).toBe(403);
    expect(old.body.error).toBe("compensation_not_eligible");
    const unknown = await call(t.app, early, "POST", "/vip/v1/activity/compensate", { type: "nothing_here" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("activity_not_found");

    clock.advance(5 * DAY);
    early = await signIn(t.app, early);
    const late = await signUp(t.app);
    const refused = await call(t.app, late, "POST", "/vip/v1/activity/compensate", { type: "outage_202601" });
    expect(refused.body.error).toBe("compensation_not_eligible");
    expect(
      (await call(t.app, early, "POST", "/vip/v1/activity/compensate", { type: "outage_202601" })).status,
    ).toBe(409);
  });

  it("verifyRecaptchaToken checks a shield token without spending it", async () => {
    const init = await call(t.app, undefined, "POST", "/v1/shield/captcha/init", {
      action: "POST:/v1/auth/signin",
      client_id: "nimbus-web",
      device_id: "verify-device-000001",
      meta: { email: "someone@example.com" },
    });
    expect(init.status, init.text).toBe(200);
    const token = init.body.captcha_token as string;
    expect(token).toBeTruthy();
    const ok = await call(t.app, undefined, "POST", "/vip/v1/verifyRecaptchaToken", { token });
    expect(ok.body).toEqual({ success: true, score: 0.5 });
    const wrongAction = await call(t.app, undefined, "POST", "/vip/v1/verifyRecaptchaToken", {
      token,
      action: "POST:/v1/auth/signup",
    });
    expect(wrongAction.body).toEqual({ success: false });
    const forged = await call(t.app, undefined, "POST", "/vip/v1/verifyRecaptchaToken", {
      token: `${token}x`,
    });
    expect(forged.body).toEqual({ success: false });
    clock.advance(DAY);
    expect((await call(t.app, undefined, "POST", "/vip/v1/verifyRecaptchaToken", { token })).body).toEqual({
      success: false,
    });
  });
});
