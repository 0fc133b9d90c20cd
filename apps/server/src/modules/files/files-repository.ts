import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { FilesTable } from "../../db/schema.js";
import type { FileFilters } from "./filters.js";
import type { Cursor } from "./page-token.js";

export type FileRow = Selectable<FilesTable>;

export interface ChildrenQuery {
  userId: string;
  parentId: string;
  filters: FileFilters;
  after?: Cursor;
  limit: number;
}

/** Every query is scoped by user: another user's id simply finds nothing. */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  findOwned(userId: string, id: string, db: Db = this.db): Promise<FileRow | undefined> {
    return db
      .selectFrom("files")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async insert(row: Insertable<FilesTable>, db: Db = this.db): Promise<void> {
    await db.insertInto("files").values(row).execute();
  }

  /** Live names in a folder that start with `prefix`, for choosing a free `name (n)`. */
  async liveNamesStartingWith(userId: string, parentId: string, prefix: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom("files")
      .select("name")
      .where("user_id", "=", userId)
      .where("parent_id", "=", parentId)
      .where("trashed_at", "is", null)
      .where("name", ">=", prefix)
      .where("name", "<", `${prefix}\u{10FFFF}`)
      .execute();
    return new Set(rows.map((r) => r.name));
  }

  listChildren(q: ChildrenQuery): Promise<FileRow[]> {
    let query = this.db
      .selectFrom("files")
      .selectAll()
      .where("user_id", "=", q.userId)
      .where("parent_id", "=", q.parentId);
    if (q.filters.trashed === true) query = query.where("trashed_at", "is not", null);
    if (q.filters.trashed !== true) query = query.where("trashed_at", "is", null);
    if (q.filters.phase) query = query.where("phase", "=", q.filters.phase);
    if (q.filters.kind) query = query.where("kind", "=", q.filters.kind);
    const after = q.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([eb("name", ">", after.name), eb.and([eb("name", "=", after.name), eb("id", ">", after.id)])]),
      );
    }
    return query.orderBy("name").orderBy("id").limit(q.limit).execute();
  }

  async trashedUsage(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("files")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("total"))
      .where("user_id", "=", userId)
      .where("trashed_at", "is not", null)
      .where("blob_gcid", "is not", null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
}
