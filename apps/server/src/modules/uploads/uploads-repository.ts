import type { Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { UploadChallengesTable, UploadsTable } from "../../db/schema.js";
import { releaseReservation, reserveStorage } from "../accounting/storage-reservations.js";

export type UploadRow = Selectable<UploadsTable>;
export type ChallengeRow = Selectable<UploadChallengesTable>;
export type UploadKind = "form" | "resumable";

/** The SQL of uploads: sessions, storage reservations and instant-upload challenges. */
export class UploadsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Reserves `size` bytes and records the upload, in one transaction. The
   * reservation is one conditional UPDATE (usage + reserved + size ≤ limit), so
   * concurrent starts can never overbook (`file_space_not_enough`).
   */
  async reserve(row: UploadRow, limit: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await reserveStorage(trx, row.user_id, row.size, limit);
      await trx.insertInto("uploads").values(row).execute();
    });
  }

  /**
   * Ends an upload that did not complete: releases its reservation if it still
   * holds one, and either deletes the row or keeps it as `failed` (so a client
   * resuming it learns why). Returns the row as it was, or undefined if gone.
   */
  async end(id: string, outcome: "failed" | "deleted"): Promise<UploadRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      const changed =
        outcome === "deleted"
          ? await trx
              .deleteFrom("uploads")
              .where("id", "=", id)
              .where("state", "=", row.state)
              .executeTakeFirst()
          : await trx
              .updateTable("uploads")
              .set({ state: "failed" })
              .where("id", "=", id)
              .where("state", "=", row.state)
              .executeTakeFirst();
      const count = "numDeletedRows" in changed ? changed.numDeletedRows : changed.numUpdatedRows;
      if (count === 0n) return undefined; // settled or ended concurrently
      if (row.state === "active") await releaseReservation(trx, row.user_id, row.size);
      return row;
    });
  }

  findById(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findOwned(userId: string, id: string): Promise<UploadRow | undefined> {
    return this.db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
  }

  findByFile(userId: string, fileId: string): Promise<UploadRow | undefined> {
    return this.db
      .selectFrom("uploads")
      .selectAll()
      .where("file_id", "=", fileId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
  }

  /** Pushes an upload's expiry back (every request of an upload in progress does). */
  async touch(id: string, expiresAt: number): Promise<void> {
    await this.db.updateTable("uploads").set({ expires_at: expiresAt }).where("id", "=", id).execute();
  }

  expiredIds(now: number, limit: number): Promise<Array<Pick<UploadRow, "id">>> {
    return this.db
      .selectFrom("uploads")
      .select("id")
      .where("expires_at", "<", now)
      .orderBy("expires_at")
      .limit(limit)
      .execute();
  }

  async isLive(id: string): Promise<boolean> {
    const row = await this.db.selectFrom("uploads").select("id").where("id", "=", id).executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes a pending file that never received its bytes (never a complete one). */
  async deletePendingFile(userId: string, fileId: string): Promise<void> {
    await this.db
      .deleteFrom("files")
      .where("id", "=", fileId)
      .where("user_id", "=", userId)
      .where("phase", "=", "PHASE_TYPE_PENDING")
      .execute();
  }

  /** Marks a pending file as failed: its bytes were refused and will not come. */
  async failPendingFile(userId: string, fileId: string, now: number): Promise<void> {
    await this.db
      .updateTable("files")
      .set({ phase: "PHASE_TYPE_ERROR", modified_at: now })
      .where("id", "=", fileId)
      .where("user_id", "=", userId)
      .where("phase", "=", "PHASE_TYPE_PENDING")
      .execute();
  }

  async insertChallenge(row: ChallengeRow): Promise<void> {
    await this.db.insertInto("upload_challenges").values(row).execute();
  }

  /** Takes a challenge for answering: it is deleted whatever the answer (one attempt each). */
  async takeChallenge(userId: string, id: string): Promise<ChallengeRow | undefined> {
    return this.db
      .deleteFrom("upload_challenges")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteExpiredChallenges(now: number): Promise<void> {
    await this.db.deleteFrom("upload_challenges").where("expires_at", "<", now).execute();
  }
}
