import { NimbusError } from "@nimbus/protocol";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { statusOf } from "../membership/entitlements.js";
import { findUser } from "../users/users-repository.js";

/** A monthly transfer quota in the reference's `quotas` style; int64 values as strings. */
export interface TransferQuota {
  /** The month's allowance. */
  total_assets: string;
  /** What is left of it this month. */
  assets: string;
  /** Used this month. */
  usage: string;
}

/** Bytes set aside for one response; `settle` gives back what was not sent. */
export interface TrafficReservation {
  settle(sentBytes: number): Promise<void>;
}

const NOTHING: TrafficReservation = { settle: async () => {} };

/** The calendar month (UTC) traffic is counted in: `YYYY-MM`. */
export function trafficPeriod(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

/**
 * Monthly downstream traffic per user. A response first reserves its full
 * length with one conditional UPDATE (so concurrent downloads can never push a
 * user past the limit), then settles: bytes not sent (an aborted download) are
 * given back, so the month counts what actually left the server.
 */
export class DownloadTraffic {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: Pick<Config, "quota">,
  ) {}

  /** The month's download quota of a user, for `/drive/v1/about`'s `quotas.download`. */
  async quota(userId: string): Promise<TransferQuota> {
    const limit = await this.limitOf(userId);
    const row = await this.db
      .selectFrom("download_traffic")
      .select("bytes")
      .where("user_id", "=", userId)
      .where("period", "=", trafficPeriod(this.clock.now()))
      .executeTakeFirst();
    const used = Number(row?.bytes ?? 0);
    return { total_assets: String(limit), assets: String(Math.max(0, limit - used)), usage: String(used) };
  }

  /** Sets `bytes` aside for `userId`, or throws `traffic_not_enough` when the month's traffic cannot cover them. */
  async reserve(userId: string, bytes: number): Promise<TrafficReservation> {
    if (bytes <= 0) return NOTHING;
    const limit = await this.limitOf(userId);
    const period = trafficPeriod(this.clock.now());
    await this.db
      .insertInto("download_traffic")
      .values({ user_id: userId, period, bytes: 0 })
      .onConflict((oc) => oc.columns(["user_id", "period"]).doNothing())
      .execute();
    const reserved = await this.db
      .updateTable("download_traffic")
      .set((eb) => ({ bytes: eb("bytes", "+", bytes) }))
      .where("user_id", "=", userId)
      .where("period", "=", period)
      .where((eb) => eb(eb("bytes", "+", bytes), "<=", limit))
      .executeTakeFirst();
    if (reserved.numUpdatedRows === 0n) throw new NimbusError("traffic_not_enough");
    let settled = false;
    return {
      settle: async (sentBytes) => {
        if (settled) return;
        settled = true;
        const unsent = bytes - Math.min(Math.max(0, sentBytes), bytes);
        if (unsent === 0) return;
        await this.db
          .updateTable("download_traffic")
          .set((eb) => ({ bytes: eb("bytes", "-", unsent) }))
          .where("user_id", "=", userId)
          .where("period", "=", period)
          .execute();
      },
    };
  }

  private async limitOf(userId: string): Promise<number> {
    const user = await findUser(this.db, userId);
    if (!user) throw new NimbusError("link_expired", "the link's user no longer exists");
    return (await statusOf(this.db, userId, this.clock.now(), this.config.quota)).downloadTrafficLimit;
  }
}
