import { NimbusError } from "@nimbus/protocol";
import type { CampaignWindow, CompensationRule, RewardsConfig } from "../../config/rewards-config.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { grantReward } from "./reward-grants.js";

/**
 * Campaign windows (Black Friday, Christmas): a campaign's prices and pages hold only
 * from its start until its end; the product catalogue asks `isLive` for prices, the
 * activity pages read every window and send visitors to activity-end after its end.
 */
export class Campaigns {
  constructor(
    private readonly clock: Clock,
    private readonly windows: readonly CampaignWindow[],
  ) {}

  /** Every configured campaign, live or not (the activity pages tell "ended" from "not yet"). */
  all(): readonly CampaignWindow[] {
    return this.windows;
  }

  live(): CampaignWindow[] {
    const now = this.clock.now();
    return this.windows.filter((w) => w.startsAt <= now && now < w.endsAt);
  }

  isLive(id: string): boolean {
    return this.live().some((w) => w.id === id);
  }
}

/**
 * One-off compensations (e.g. `aliyun_accident_202409`): an eligible account (created
 * before the rule's date) claims the rule's premium days once.
 */
export class Compensations {
  private readonly rules: Map<string, CompensationRule>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    config: RewardsConfig,
  ) {
    this.rules = new Map(config.compensations.map((rule) => [rule.type, rule]));
  }

  async claim(userId: string, type: string): Promise<{ premiumDays: number }> {
    const rule = this.rules.get(type);
    if (!rule) throw new NimbusError("activity_not_found", `no compensation ${type}`);
    const user = await this.db
      .selectFrom("users")
      .select("created_at")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(user.created_at) >= rule.createdBefore)
      throw new NimbusError(
        "compensation_not_eligible",
        `account created after ${new Date(rule.createdBefore).toISOString()}`,
      );
    const now = this.clock.now();
    const granted = await this.db.transaction().execute((trx) =>
      grantReward(
        trx,
        {
          userId,
          source: "compensation",
          sourceRef: `compensation:${type}:${userId}`,
          premiumDays: rule.days,
        },
        now,
      ),
    );
    if (!granted) throw new NimbusError("compensation_claimed", `${type} claimed before`);
    return { premiumDays: rule.days };
  }
}
