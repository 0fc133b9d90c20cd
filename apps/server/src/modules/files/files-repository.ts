import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { FilesTable } from "../../db/schema.js";
import { foldName } from "../../lib/fold-name.js";

export type FileRow = Selectable<FilesTable>;
/** A new row; `name_folded` is derived here and `trash_path` starts empty. */
export type NewFileRow = Omit<Insertable<FilesTable>, "name_folded" | "trash_path">;

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

  /** The caller's rows among `ids` (others' and unknown ids are simply absent). */
  async findManyOwned(userId: string, ids: readonly string[], db: Db = this.db): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom("files").selectAll().where("user_id", "=", userId).where("id", "in", ids).execute();
  }

  async insert(row: NewFileRow, db: Db = this.db): Promise<void> {
    await db.insertInto("files").values(withFolded(row)).execute();
  }

  async insertMany(rows: readonly NewFileRow[], db: Db = this.db): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await db
        .insertInto("files")
        .values(rows.slice(i, i + INSERT_CHUNK).map(withFolded))
        .execute();
    }
  }

  /** Live names in a folder that start with `prefix`, for choosing a free `name (n)`. */
  async liveNamesStartingWith(
    userId: string,
    parentId: string,
    prefix: string,
    db: Db = this.db,
  ): Promise<Set<string>> {
    const rows = await db
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

  /** Bytes held by items in the trash (inside trashed folders too). */
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

const INSERT_CHUNK = 500;

function withFolded(row: NewFileRow): Insertable<FilesTable> {
  return { ...row, name_folded: foldName(row.name), trash_path: null };
}
