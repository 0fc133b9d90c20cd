import { NimbusError } from "@nimbus/protocol";
import type {
  CampaignRule,
  CampaignWindow,
  CompensationRule,
  RewardsConfig,
} from "../../config/rewards-config.js";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import type { AdminActor, AdminLog } from "../admin-log/admin-log.js";
import { findUser } from "../users/users-repository.js";
import { currentOrNext, occurrencesAround } from "./campaign-calendar.js";
import { grantReward } from "./reward-grants.js";

/** What campaigns need of the catalogue's campaign prices (`payments/catalogue.ts`). */
export interface CampaignPrices {
  /** Moves the campaign's prices to its window, on `db` (the window's transaction). */
  move(db: Db, id: string, startsAt: number, endsAt: number): Promise<void>;
  /** Per campaign with prices, the earliest start and latest end (null when a price has no dates). */
  spans(db: Db): Promise<{ campaign_id: string; starts_at: number | null; ends_at: number | null }[]>;
}

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
 * from its start until its end. The windows come from `REWARD_CAMPAIGNS` (dated, or
 * yearly by rule, one occurrence per year) and from the catalogue's dated campaign
 * prices; a window an admin sets in the console is stored and wins over both, for the
 * pages and the prices of that campaign alike, across restarts (decision 0043).
 */
export class Campaigns {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      adminLog: AdminLog;
      configured: readonly CampaignRule[];
      /** The catalogue's campaign prices (the payments module's, passed in by the wiring: one level). */
      prices: CampaignPrices;
    },
  ) {}

  /** The windows admins set, on `db` (a transaction too): the catalogue's seeding reads them. */
  stored(db: Db = this.deps.db): Promise<{ id: string; starts_at: number; ends_at: number }[]> {
    return db.selectFrom("campaign_windows").select(["id", "starts_at", "ends_at"]).execute();
  }

  private async storedById(): Promise<Map<string, CampaignWindow>> {
    const rows = await this.stored();
    return new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, key: row.id, startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) },
      ]),
    );
  }

  /**
   * Each configured campaign's window now: the one holding now, else the next to come
   * (a dated one that ended stays, so a page can tell "ended" from "not yet").
   */
  async all(): Promise<CampaignWindow[]> {
    const stored = await this.storedById();
    const now = this.deps.clock.now();
    return this.deps.configured.flatMap((rule) => {
      const windows = occurrencesAround(rule, now).map((w) => {
        const set = stored.get(w.id);
        return set ? { ...set, key: w.key } : w;
      });
      const chosen = currentOrNext(windows, now);
      return chosen ? [chosen] : [];
    });
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
    const stored = await this.storedById();
    const priced = await this.pricedWindows();
    const configured = await this.all();
    const views = configured.map((window) => ({
      ...window,
      pages: true,
      prices: priced.has(window.key),
      edited: stored.has(window.id),
    }));
    const keys = new Set(configured.map((w) => w.key));
    for (const [id, window] of priced) {
      // Catalogue prices without dates follow their campaign's configured window (listed above).
      if (!window || keys.has(id)) continue;
      const own = stored.get(id) ?? window;
      views.push({ ...own, key: id, pages: false, prices: true, edited: stored.has(id) });
    }
    return views.sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
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
      await this.deps.prices.move(trx, id, startsAt, endsAt);
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

  /**
   * The catalogue's campaigns: a dated one with the span of its prices' windows, one that
   * follows its configured window (no dates of its own) as undefined.
   */
  private async pricedWindows(): Promise<Map<string, CampaignWindow | undefined>> {
    const rows = await this.deps.prices.spans(this.deps.db);
    return new Map(
      rows.map((row) => [
        row.campaign_id,
        row.starts_at === null || row.ends_at === null
          ? undefined
          : {
              id: row.campaign_id,
              key: row.campaign_id,
              startsAt: Number(row.starts_at),
              endsAt: Number(row.ends_at),
            },
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
    const user = await findUser(this.db, userId);
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
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
