import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { VerificationsTable } from "../../db/schema.js";

export type VerificationRow = Selectable<VerificationsTable>;

export const MAX_CODE_ATTEMPTS = 5;

export class VerificationsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<VerificationsTable>): Promise<void> {
    await this.db.insertInto("verifications").values(row).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("verifications").where("id", "=", id).execute();
  }

  findById(id: string): Promise<VerificationRow | undefined> {
    return this.db.selectFrom("verifications").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByTokenHash(hash: string): Promise<VerificationRow | undefined> {
    return this.db.selectFrom("verifications").selectAll().where("token_hash", "=", hash).executeTakeFirst();
  }

  /**
   * The last code sent for this target and usage: when (for the resend cool-down), and its
   * id while it can still be verified (so a caller held back can type the code already sent).
   */
  async lastSent(
    target: string,
    usage: string,
  ): Promise<{ id: string; sentAt: number; open: boolean } | undefined> {
    const row = await this.db
      .selectFrom("verifications")
      .select(["id", "created_at", "token_hash", "consumed_at"])
      .where("target", "=", target)
      .where("usage", "=", usage)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      sentAt: Number(row.created_at),
      open: row.token_hash === null && row.consumed_at === null,
    };
  }

  /** Spends one try of a code; false when its tries are used up (checked before comparing, so racing guesses cannot exceed it). */
  async spendAttempt(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable("verifications")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .where("attempts", "<", MAX_CODE_ATTEMPTS)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Issues the token of a verified code, once. */
  async issueToken(id: string, tokenHash: string, expiresAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable("verifications")
      .set({ token_hash: tokenHash, token_expires_at: expiresAt })
      .where("id", "=", id)
      .where("token_hash", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async consume(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("verifications")
      .set({ consumed_at: now })
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Drops codes and tokens that can no longer be used (kept a day for the cool-down and support). */
  async prune(before: number): Promise<void> {
    await this.db
      .deleteFrom("verifications")
      .where("expires_at", "<", before)
      .where((eb) => eb.or([eb("token_expires_at", "is", null), eb("token_expires_at", "<", before)]))
      .execute();
  }
}
