import type { Db } from "../../db/database.js";
import type { GrantRow } from "../../db/schema.js";

export type { GrantRow };

import { newId } from "../../lib/ids.js";
import {
  DAY_MS,
  deriveStatus,
  type GrantSource,
  type LedgerGrant,
  type Limits,
  type MembershipStatus,
  premiumExpiry,
  premiumGrantsAfter,
} from "./ledger.js";

/**
 * The one ledger of what a user is entitled to. Every grant — purchase, renewal,
 * activation code, invite, check-in, campaign, compensation, admin — goes through
 * `grant`; status, limits and quotas come from `statusOf`. Call `grant` / `revoke`
 * inside the transaction of the change that causes them (an order turning paid, a
 * code being redeemed), so both commit or neither.
 */
export interface GrantInput {
  userId: string;
  source: GrantSource;
  /** Unique per source: the order, invoice, code, invite … (a replay grants once). */
  sourceRef: string;
  /** `platinum` with `premiumDays` > 0 to grant premium. */
  premiumType?: string | null;
  premiumDays?: number;
  storageBytes?: number;
  trafficBytes?: number;
  offlineTasksPerDay?: number;
  /** How long a pack / cap lasts from `now`; absent: for good. Ignored for premium days. */
  validDays?: number;
  createdBy?: string | null;
  now: number;
}

/** The user's grants as the derivations read them (revoked ones included). */
export async function ledgerOf(db: Db, userId: string): Promise<GrantRow[]> {
  const rows = await db.selectFrom("entitlement_grants").selectAll().where("user_id", "=", userId).execute();
  return rows.map(numeric);
}

/**
 * Records a grant once: `{granted: false}` and the existing row when `(source,
 * sourceRef)` was granted before. Premium days stack: they run from the current expiry
 * (or now, when not premium).
 */
export async function grant(db: Db, input: GrantInput): Promise<{ granted: boolean; grant: GrantRow }> {
  const premiumDays = input.premiumType ? Math.max(0, Math.floor(input.premiumDays ?? 0)) : 0;
  let endsAt: number | null = input.validDays ? input.now + input.validDays * DAY_MS : null;
  if (premiumDays > 0) {
    const chain = premiumExpiry(await ledgerOf(db, input.userId));
    endsAt = Math.max(input.now, chain?.expire ?? 0) + premiumDays * DAY_MS;
  }
  const row: GrantRow = {
    id: newId(input.now),
    user_id: input.userId,
    source: input.source,
    source_ref: input.sourceRef,
    premium_type: premiumDays > 0 ? (input.premiumType ?? null) : null,
    premium_days: premiumDays,
    storage_bytes: Math.max(0, Math.floor(input.storageBytes ?? 0)),
    traffic_bytes: Math.max(0, Math.floor(input.trafficBytes ?? 0)),
    offline_tasks_per_day: Math.max(0, Math.floor(input.offlineTasksPerDay ?? 0)),
    starts_at: input.now,
    ends_at: endsAt,
    revoked_at: null,
    created_at: input.now,
    created_by: input.createdBy ?? null,
  };
  const inserted = await db
    .insertInto("entitlement_grants")
    .values(row)
    .onConflict((oc) => oc.columns(["source", "source_ref"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { granted: true, grant: row };
  const existing = await db
    .selectFrom("entitlement_grants")
    .selectAll()
    .where("source", "=", input.source)
    .where("source_ref", "=", input.sourceRef)
    .executeTakeFirstOrThrow();
  return { granted: false, grant: numeric(existing) };
}

/** Revokes a grant (by id, or by its source and reference); true when one was live. */
export async function revoke(
  db: Db,
  which: { grantId: string } | { source: GrantSource; sourceRef: string },
  now: number,
): Promise<boolean> {
  let query = db.updateTable("entitlement_grants").set({ revoked_at: now }).where("revoked_at", "is", null);
  query =
    "grantId" in which
      ? query.where("id", "=", which.grantId)
      : query.where("source", "=", which.source).where("source_ref", "=", which.sourceRef);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Ends the user's premium at `now`: revokes every grant whose premium still runs or is
 * still to come (with whatever else those grants carried). Answers the revoked grants' ids.
 */
export async function revokePremium(db: Db, userId: string, now: number): Promise<string[]> {
  const ending = premiumGrantsAfter(await ledgerOf(db, userId), now);
  for (const row of ending) await revoke(db, { grantId: row.id }, now);
  return ending.map((row) => row.id);
}

/** What the ledger decides for `userId` at `now`: premium, limits, packs. */
export async function statusOf(
  db: Db,
  userId: string,
  now: number,
  limits: Limits,
): Promise<MembershipStatus> {
  return deriveStatus(await ledgerOf(db, userId), now, limits);
}

function numeric<T extends LedgerGrant>(row: T): T {
  return {
    ...row,
    premium_days: Number(row.premium_days),
    storage_bytes: Number(row.storage_bytes),
    traffic_bytes: Number(row.traffic_bytes),
    offline_tasks_per_day: Number(row.offline_tasks_per_day),
    starts_at: Number(row.starts_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

/** How many users hold premium at `now` (a grant with a premium type, not revoked, not ended). */
export async function countPremiumHolders(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom("entitlement_grants")
    .select((eb) => eb.fn.count<number | string>("user_id").distinct().as("n"))
    .where("premium_type", "is not", null)
    .where("revoked_at", "is", null)
    .where("ends_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Users with a premium grant (not revoked) ending in (from, to]: whom an expiry reminder may be for. */
export async function premiumEndingBetween(db: Db, from: number, to: number): Promise<string[]> {
  const rows = await db
    .selectFrom("entitlement_grants")
    .select("user_id")
    .distinct()
    .where("premium_type", "is not", null)
    .where("revoked_at", "is", null)
    .where("ends_at", ">", from)
    .where("ends_at", "<=", to)
    .execute();
  return rows.map((row) => row.user_id);
}
