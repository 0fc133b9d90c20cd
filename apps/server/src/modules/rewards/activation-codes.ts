import { createHmac } from "node:crypto";
import { NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { Sealer } from "../../lib/sealed.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";
import { CODE_FAILURE_WINDOW_MS, codeFailureKeys } from "./activation-guard.js";
import { canonicalActivationCode, newActivationCode } from "./code-alphabet.js";
import { grantReward, type RewardAmounts } from "./reward-grants.js";

/** The address factor of the shield: an address is shared by many people. */
const ADDRESS_FACTOR = 10;
const INSERT_CHUNK = 500;
export const MAX_CODES_PER_BATCH = 10_000;

export interface NewBatch {
  count: number;
  grants: RewardAmounts;
  expiresAt?: number | undefined;
  note: string;
  createdBy: string;
}

export interface BatchSummary {
  batchId: string;
  note: string;
  grants: RewardAmounts;
  codeCount: number;
  redeemedCount: number;
  expiresAt: number | null;
  createdAt: number;
  revokedAt: number | null;
}

export type CodeStatus = "available" | "redeemed" | "revoked" | "expired";

export interface ExportedCode {
  code: string;
  status: CodeStatus;
  redeemedBy: string | null;
  redeemedAt: number | null;
}

/** Who is redeeming, for the guessing limit. */
export interface Redeemer {
  userId: string;
  deviceId: string;
  ip: string;
}

interface Deps {
  db: Db;
  clock: Clock;
  secretKey: string;
  rateLimits: RateLimitStore;
  failuresPerHour: number;
}

/** A batch's own columns, listed and grouped by together with its redeemed count. */
const BATCH_COLUMNS = [
  "b.id",
  "b.note",
  "b.premium_days",
  "b.storage_bytes",
  "b.traffic_bytes",
  "b.code_count",
  "b.expires_at",
  "b.created_at",
  "b.revoked_at",
] as const;

/**
 * Single-use activation codes made in batches by admins. A code is kept as an HMAC under
 * SECRET_KEY (looked up by it) and sealed (AES-GCM) for the batch export; a redeem marks
 * it and grants its batch's amounts in one transaction, so a code grants once. Wrong codes
 * count against the account, device and address (the captcha shield reads the counts).
 */
export class ActivationCodes {
  private readonly sealer: Sealer;

  constructor(private readonly deps: Deps) {
    this.sealer = new Sealer(deps.secretKey, "activation-code");
  }

  private hash(code: string): string {
    return createHmac("sha256", this.deps.secretKey).update(`nimbus:activation-code\n${code}`).digest("hex");
  }

  async createBatch(input: NewBatch): Promise<{ batchId: string; codes: string[] }> {
    const { premiumDays = 0, storageBytes = 0, trafficBytes = 0 } = input.grants;
    if (premiumDays <= 0 && storageBytes <= 0 && trafficBytes <= 0)
      throw new NimbusError("invalid_argument", "a code must grant something");
    if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_CODES_PER_BATCH)
      throw new NimbusError("invalid_argument", `count must be 1 to ${MAX_CODES_PER_BATCH}`);
    const now = this.deps.clock.now();
    if (input.expiresAt !== undefined && input.expiresAt <= now)
      throw new NimbusError("invalid_argument", "expires_time is in the past");
    const batchId = newId(now);
    const codes = new Set<string>();
    while (codes.size < input.count) codes.add(newActivationCode());
    const rows = [...codes].map((code) => ({
      code_hash: this.hash(canonicalActivationCode(code) as string),
      batch_id: batchId,
      sealed_code: this.sealer.seal(code),
      redeemed_by: null,
      redeemed_at: null,
      revoked_at: null,
    }));
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("activation_code_batches")
        .values({
          id: batchId,
          note: input.note,
          premium_days: premiumDays,
          storage_bytes: storageBytes,
          traffic_bytes: trafficBytes,
          code_count: rows.length,
          expires_at: input.expiresAt ?? null,
          created_by: input.createdBy,
          created_at: now,
          revoked_at: null,
        })
        .execute();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await trx
          .insertInto("activation_codes")
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
      }
    });
    return { batchId, codes: [...codes] };
  }

  /** The newest batches first (older than `beforeId` when given), with how many of their codes were redeemed. */
  async listBatches(limit = 200, beforeId?: string): Promise<BatchSummary[]> {
    let select = this.deps.db.selectFrom("activation_code_batches as b");
    if (beforeId) select = select.where("b.id", "<", beforeId);
    const rows = await select
      .leftJoin("activation_codes as c", (join) =>
        join.onRef("c.batch_id", "=", "b.id").on("c.redeemed_at", "is not", null),
      )
      .select((eb) => [...BATCH_COLUMNS, eb.fn.count<string | number>("c.code_hash").as("redeemed")])
      .groupBy([...BATCH_COLUMNS])
      .orderBy("b.id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      batchId: row.id,
      note: row.note,
      grants: amounts(row),
      codeCount: Number(row.code_count),
      redeemedCount: Number(row.redeemed),
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
      createdAt: Number(row.created_at),
      revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    }));
  }

  private async batch(batchId: string) {
    const batch = await this.deps.db
      .selectFrom("activation_code_batches")
      .selectAll()
      .where("id", "=", batchId)
      .executeTakeFirst();
    if (!batch) throw new NimbusError("not_found", `no activation code batch ${batchId}`);
    return batch;
  }

  /** Every code of a batch, unsealed, with its status (the admin's CSV export). */
  async exportBatch(batchId: string): Promise<ExportedCode[]> {
    const batch = await this.batch(batchId);
    const now = this.deps.clock.now();
    const rows = await this.deps.db
      .selectFrom("activation_codes")
      .select(["sealed_code", "redeemed_by", "redeemed_at", "revoked_at"])
      .where("batch_id", "=", batchId)
      .execute();
    return rows
      .map((row) => ({
        code: this.sealer.open(row.sealed_code),
        status: statusOf(row, batch.expires_at, now),
        redeemedBy: row.redeemed_by,
        redeemedAt: row.redeemed_at === null ? null : Number(row.redeemed_at),
      }))
      .sort((a, b) => a.code.localeCompare(b.code));
  }

  /** Revokes a batch: its codes not yet redeemed can no longer be. Answers how many were revoked. */
  async revokeBatch(batchId: string): Promise<number> {
    await this.batch(batchId);
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("activation_code_batches")
        .set({ revoked_at: now })
        .where("id", "=", batchId)
        .where("revoked_at", "is", null)
        .execute();
      const result = await trx
        .updateTable("activation_codes")
        .set({ revoked_at: now })
        .where("batch_id", "=", batchId)
        .where("redeemed_at", "is", null)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
  }

  /** Redeems a code for the caller: what it granted, or a localized refusal. */
  async redeem(typed: string, who: Redeemer): Promise<RewardAmounts> {
    await this.checkGuessing(who);
    const code = canonicalActivationCode(typed);
    const hash = code ? this.hash(code) : undefined;
    const row = hash
      ? await this.deps.db
          .selectFrom("activation_codes as c")
          .innerJoin("activation_code_batches as b", "b.id", "c.batch_id")
          .select([
            "c.code_hash",
            "c.redeemed_at",
            "c.revoked_at",
            "b.expires_at",
            "b.premium_days",
            "b.storage_bytes",
            "b.traffic_bytes",
          ])
          .where("c.code_hash", "=", hash)
          .executeTakeFirst()
      : undefined;
    if (!row) {
      await this.countFailure(who);
      throw new NimbusError("activation_code_invalid", "no such activation code");
    }
    const now = this.deps.clock.now();
    if (row.revoked_at !== null) throw new NimbusError("activation_code_revoked", "the code was revoked");
    if (row.redeemed_at !== null)
      throw new NimbusError("activation_code_used", "the code was redeemed before");
    if (row.expires_at !== null && now >= Number(row.expires_at))
      throw new NimbusError("activation_code_expired", "the code expired");
    const grants = amounts(row);
    await this.deps.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable("activation_codes")
        .set({ redeemed_by: who.userId, redeemed_at: now })
        .where("code_hash", "=", row.code_hash)
        .where("redeemed_at", "is", null)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1)
        throw new NimbusError("activation_code_used", "the code was redeemed meanwhile");
      await grantReward(
        trx,
        {
          userId: who.userId,
          source: "activation_code",
          sourceRef: `activation_code:${row.code_hash}`,
          ...grants,
        },
        now,
      );
    });
    return grants;
  }

  private async checkGuessing(who: Redeemer): Promise<void> {
    const keys = codeFailureKeys(who);
    const limit = this.deps.failuresPerHour;
    const { rateLimits } = this.deps;
    const over =
      (keys.user !== undefined && (await rateLimits.count(keys.user)) >= limit) ||
      (keys.device !== undefined && (await rateLimits.count(keys.device)) >= limit) ||
      (await rateLimits.count(keys.ip)) >= limit * ADDRESS_FACTOR;
    if (over)
      throw new NimbusError("too_many_requests", "too many wrong activation codes; try again in an hour");
  }

  private async countFailure(who: Redeemer): Promise<void> {
    const keys = codeFailureKeys(who);
    for (const key of [keys.user, keys.device, keys.ip]) {
      if (key) await this.deps.rateLimits.hit(key, CODE_FAILURE_WINDOW_MS);
    }
  }
}

function amounts(row: { premium_days: number; storage_bytes: number; traffic_bytes: number }): RewardAmounts {
  return {
    ...(Number(row.premium_days) > 0 ? { premiumDays: Number(row.premium_days) } : {}),
    ...(Number(row.storage_bytes) > 0 ? { storageBytes: Number(row.storage_bytes) } : {}),
    ...(Number(row.traffic_bytes) > 0 ? { trafficBytes: Number(row.traffic_bytes) } : {}),
  };
}

function statusOf(
  row: { redeemed_at: number | null; revoked_at: number | null },
  expiresAt: number | null,
  now: number,
): CodeStatus {
  if (row.redeemed_at !== null) return "redeemed";
  if (row.revoked_at !== null) return "revoked";
  if (expiresAt !== null && now >= Number(expiresAt)) return "expired";
  return "available";
}
