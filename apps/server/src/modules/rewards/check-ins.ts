import { NimbusError } from "@nimbus/protocol";
import type { RewardsConfig } from "../../config/rewards-config.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import {
  type CheckInReward,
  checkTimeZone,
  localDay,
  nextMidnight,
  nextStreak,
  rewardTable,
  standingStreak,
  tableDay,
} from "./check-in-rules.js";
import { grantReward } from "./reward-grants.js";

export interface CheckInStatus {
  streak: number;
  checkedInToday: boolean;
  today: { day: number; reward: CheckInReward };
  rewards: CheckInReward[];
  nextResetAt: number;
  timeZone: string;
}

/**
 * The daily check-in: once per user and calendar day in their time zone, a streak that
 * starts again after a missed day, traffic on days 1–6 and premium days on the 7th.
 * The time zone of a user's first check-in holds afterwards (changing it could fit two
 * check-ins in one day); before that, the one the client names, else UTC.
 */
export class CheckIns {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: RewardsConfig,
  ) {}

  private table(): CheckInReward[] {
    return rewardTable(this.config.checkInTrafficBytes, this.config.checkInPremiumDays);
  }

  private async last(userId: string) {
    return this.db
      .selectFrom("check_ins")
      .select(["day", "streak", "time_zone"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  async status(userId: string, requestedZone: string | undefined): Promise<CheckInStatus> {
    const last = await this.last(userId);
    const zone = last?.time_zone ?? (requestedZone ? checkTimeZone(requestedZone) : "UTC");
    const now = this.clock.now();
    const today = localDay(now, zone);
    const previous = last ? { day: last.day, streak: Number(last.streak) } : undefined;
    const checkedInToday = last?.day === today;
    const streak = standingStreak(today, previous);
    const rewards = this.table();
    const day = checkedInToday ? tableDay(streak) : tableDay(nextStreak(today, previous));
    return {
      streak,
      checkedInToday,
      today: { day, reward: rewards[day - 1] as CheckInReward },
      rewards,
      nextResetAt: nextMidnight(now, zone),
      timeZone: zone,
    };
  }

  /** Checks the user in today: the reward earned and the streak, or `check_in_done_today`. */
  async checkIn(
    userId: string,
    requestedZone: string | undefined,
  ): Promise<{ reward: CheckInReward; streak: number }> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom("check_ins")
        .select(["day", "streak", "time_zone"])
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      const zone = last?.time_zone ?? (requestedZone ? checkTimeZone(requestedZone) : "UTC");
      const today = localDay(now, zone);
      if (last?.day === today) throw new NimbusError("check_in_done_today", `checked in on ${today} already`);
      const streak = nextStreak(today, last ? { day: last.day, streak: Number(last.streak) } : undefined);
      const reward = this.table()[tableDay(streak) - 1] as CheckInReward;
      const inserted = await trx
        .insertInto("check_ins")
        .values({
          user_id: userId,
          day: today,
          streak,
          time_zone: zone,
          reward_kind: reward.kind,
          reward_amount: reward.amount,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(["user_id", "day"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0)
        throw new NimbusError("check_in_done_today", `checked in on ${today} already`);
      if (reward.amount > 0) {
        await grantReward(
          trx,
          {
            userId,
            source: "check_in",
            sourceRef: `check_in:${userId}:${today}`,
            ...(reward.kind === "premium_day"
              ? { premiumDays: reward.amount }
              : { trafficBytes: reward.amount }),
          },
          now,
        );
      }
      return { reward, streak };
    });
  }
}
