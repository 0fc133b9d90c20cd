import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { SharesTable } from "../../db/schema.js";

export type ShareRow = Selectable<SharesTable>;
export type NewShareRow = Omit<
  Insertable<SharesTable>,
  "restore_count" | "view_count" | "download_count" | "deleted_at"
>;

const CHUNK = 500;

/** How many of the user's shares are not cancelled (the console's account details). */
export async function countLiveShares(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("shares")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The `shares` rows, their snapshots (`share_files`) and counters. */
export class SharesRepository {
  constructor(private readonly db: Db) {}

  async create(share: NewShareRow, fileIds: readonly string[], db: Db = this.db): Promise<void> {
    await db.insertInto("shares").values(share).execute();
    for (let i = 0; i < fileIds.length; i += CHUNK) {
      await db
        .insertInto("share_files")
        .values(
          fileIds.slice(i, i + CHUNK).map((file_id, n) => ({ share_id: share.id, file_id, position: i + n })),
        )
        .execute();
    }
  }

  async find(id: string, db: Db = this.db): Promise<ShareRow | undefined> {
    const row = await db.selectFrom("shares").selectAll().where("id", "=", id).executeTakeFirst();
    return row && numeric(row);
  }

  /** The snapshot: the shared item ids, in the order they were shared. */
  async fileIds(shareId: string, db: Db = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom("share_files")
      .select("file_id")
      .where("share_id", "=", shareId)
      .orderBy("position")
      .execute();
    return rows.map((row) => row.file_id);
  }

  /** The distinct owners of these shares. */
  async ownersOf(shareIds: readonly string[]): Promise<string[]> {
    const owners = new Set<string>();
    for (let i = 0; i < shareIds.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom("shares")
        .select("user_id")
        .distinct()
        .where("id", "in", shareIds.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) owners.add(row.user_id);
    }
    return [...owners];
  }

  /** The snapshots of several shares: each share's item ids, in order. */
  async fileIdsOf(shareIds: readonly string[]): Promise<Map<string, string[]>> {
    const byShare = new Map<string, string[]>();
    const ids = [...new Set(shareIds)];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom("share_files")
        .select(["share_id", "file_id"])
        .where("share_id", "in", ids.slice(i, i + CHUNK))
        .orderBy("position")
        .execute();
      for (const row of rows) byShare.set(row.share_id, [...(byShare.get(row.share_id) ?? []), row.file_id]);
    }
    return byShare;
  }

  /** The owner's live (not cancelled) shares, newest first, after the keyset position `after`. */
  async listOwned(
    userId: string,
    limit: number,
    after?: { createdAt: number; id: string },
  ): Promise<ShareRow[]> {
    let query = this.db
      .selectFrom("shares")
      .selectAll()
      .where("user_id", "=", userId)
      .where("deleted_at", "is", null);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb("created_at", "<", after.createdAt),
          eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
        ]),
      );
    }
    const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    return rows.map(numeric);
  }

  /** Cancels the owner's shares among `ids`; answers the ids cancelled. */
  async cancel(userId: string, ids: readonly string[], now: number): Promise<number> {
    const result = await this.db
      .updateTable("shares")
      .set({ deleted_at: now })
      .where("user_id", "=", userId)
      .where("id", "in", ids)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async countView(id: string): Promise<void> {
    await this.db
      .updateTable("shares")
      .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
      .where("id", "=", id)
      .execute();
  }

  async countDownloads(id: string, n: number): Promise<void> {
    await this.db
      .updateTable("shares")
      .set((eb) => ({ download_count: eb("download_count", "+", n) }))
      .where("id", "=", id)
      .execute();
  }

  /** Takes one save within the restore limit, inside the saver's transaction; false when none is left. */
  async takeRestore(id: string, db: Db): Promise<boolean> {
    const result = await db
      .updateTable("shares")
      .set((eb) => ({ restore_count: eb("restore_count", "+", 1) }))
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .where((eb) => eb.or([eb("restore_limit", "<", 0), eb("restore_count", "<", eb.ref("restore_limit"))]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setReview(ids: readonly string[], from: string, to: string): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable("shares")
      .set({ review: to })
      .where("id", "in", ids)
      .where("review", "=", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async listByReview(review: string, limit: number, after?: string): Promise<ShareRow[]> {
    let query = this.db
      .selectFrom("shares")
      .selectAll()
      .where("review", "=", review)
      .where("deleted_at", "is", null);
    if (after) query = query.where("id", ">", after);
    const rows = await query.orderBy("id").limit(limit).execute();
    return rows.map(numeric);
  }
}

/** Postgres answers bigint columns as strings. */
function numeric(row: ShareRow): ShareRow {
  return {
    ...row,
    file_count: Number(row.file_count),
    expiration_days: Number(row.expiration_days),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    restore_limit: Number(row.restore_limit),
    restore_count: Number(row.restore_count),
    view_count: Number(row.view_count),
    download_count: Number(row.download_count),
    deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
    created_at: Number(row.created_at),
  };
}
