import { NimbusError } from "@nimbus/protocol";
import type { CampaignWindow, CompensationRule, RewardsConfig } from "../../config/rewards-config.js";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import type { AdminActor, AdminLog } from "../admin-log/admin-log.js";
import { grantReward } from "./reward-grants.js";

/** A campaign as the console shows it: its window, where it applies, whether an admin set it. */
export interface CampaignWindowView extends CampaignWindow {
  /** Its activity pages (`REWARD_CAMPAIGNS`). */
  pages: boolean;
  /** It has catalogue prices. */
  prices: boolean;
  edited: boolean;
}

/**
 * Campaign windows (Black Friday, Christmas): a campaign's prices and pages hold only
 * from its start until its end. The windows come from `REWARD_CAMPAIGNS` (pages) and the
 * catalogue (prices); a window an admin sets in the console is stored and wins over both,
 * for the pages and the prices of that campaign alike, across restarts (decision 0043).
 */
export class Campaigns {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      adminLog: AdminLog;
      configured: readonly CampaignWindow[];
    },
  ) {}

  private async stored(): Promise<Map<string, CampaignWindow>> {
    const rows = await this.deps.db.selectFrom("campaign_windows").selectAll().execute();
    return new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) },
      ]),
    );
  }

  /** Every campaign with pages, live or not (the activity pages tell "ended" from "not yet"). */
  async all(): Promise<CampaignWindow[]> {
    const stored = await this.stored();
    return this.deps.configured.map((window) => stored.get(window.id) ?? window);
  }

  async live(): Promise<CampaignWindow[]> {
    const now = this.deps.clock.now();
    return (await this.all()).filter((w) => w.startsAt <= now && now < w.endsAt);
  }

  async isLive(id: string): Promise<boolean> {
    return (await this.live()).some((w) => w.id === id);
  }

  /** Every campaign of the pages or the catalogue, for the console, earliest first. */
  async list(): Promise<CampaignWindowView[]> {
    const stored = await this.stored();
    const priced = await this.pricedWindows();
    const ids = [...new Set([...this.deps.configured.map((w) => w.id), ...priced.keys()])];
    return ids
      .map((id) => {
        const configured = this.deps.configured.find((w) => w.id === id);
        const window = stored.get(id) ?? configured ?? (priced.get(id) as CampaignWindow);
        return {
          ...window,
          pages: configured !== undefined,
          prices: priced.has(id),
          edited: stored.has(id),
        };
      })
      .sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
  }

  /** Sets one campaign's window for its pages and prices; logged with the window before. */
  async setWindow(
    actor: AdminActor,
    id: string,
    startsAt: number,
    endsAt: number,
  ): Promise<CampaignWindowView> {
    if (!(endsAt > startsAt)) throw new NimbusError("invalid_argument", "end_time must be after start_time");
    const before = (await this.list()).find((c) => c.id === id);
    if (!before) throw new NimbusError("activity_not_found", `no campaign ${id}`);
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = { starts_at: startsAt, ends_at: endsAt, updated_by: actor.adminId, updated_at: now };
      await trx
        .insertInto("campaign_windows")
        .values({ id, ...row })
        .onConflict((oc) => oc.column("id").doUpdateSet(row))
        .execute();
      await trx
        .updateTable("campaign_prices")
        .set({ starts_at: startsAt, ends_at: endsAt })
        .where("campaign_id", "=", id)
        .execute();
      await this.deps.adminLog.record(
        {
          ...actor,
          action: "campaign.window",
          target: id,
          detail: {
            start_time: isoTime(startsAt),
            end_time: isoTime(endsAt),
            before: { start_time: isoTime(before.startsAt), end_time: isoTime(before.endsAt) },
          },
        },
        trx,
      );
    });
    return { ...before, startsAt, endsAt, edited: true };
  }

  /** The catalogue's campaigns, each with the span of its prices' windows. */
  private async pricedWindows(): Promise<Map<string, CampaignWindow>> {
    const rows = await this.deps.db
      .selectFrom("campaign_prices")
      .select((eb) => [
        "campaign_id",
        eb.fn.min<number>("starts_at").as("starts_at"),
        eb.fn.max<number>("ends_at").as("ends_at"),
      ])
      .groupBy("campaign_id")
      .execute();
    return new Map(
      rows.map((row) => [
        row.campaign_id,
        { id: row.campaign_id, startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) },
      ]),
    );
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
