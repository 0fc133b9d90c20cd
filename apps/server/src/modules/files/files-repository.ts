import { FILE_KIND } from "@nimbus/protocol";
import type { Insertable, Selectable } from "kysely";
import { insertRows } from "../../db/bulk-insert.js";
import type { Db } from "../../db/database.js";
import type { FilesTable } from "../../db/schema.js";
import { foldName } from "../../lib/fold-name.js";

export type FileRow = Selectable<FilesTable>;
/**
 * A new row; `trash_path` starts empty and `name_folded` is derived here, unless the
 * caller already holds it for this very name (a copy keeping its source's name).
 */
export type NewFileRow = Omit<Insertable<FilesTable>, "name_folded" | "trash_path"> & {
  name_folded?: string;
};

/**
 * The functions below take the database (or a transaction) for modules that hold no
 * `FilesRepository`; every query is scoped by user like the repository's.
 */

/** The user's row `id` (trashed or pending too); undefined when it is not theirs. */
export function findFile(db: Db, userId: string, id: string): Promise<FileRow | undefined> {
  return db
    .selectFrom("files")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The user's rows among `ids` that are not in the trash, in no particular order (at most a few hundred ids). */
export function liveAmong(db: Db, userId: string, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("files")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "in", ids)
    .where("trashed_at", "is", null)
    .execute();
}

/** A folder's children not in the trash, by name then id. */
export function liveChildren(db: Db, userId: string, parentId: string): Promise<FileRow[]> {
  return db
    .selectFrom("files")
    .selectAll()
    .where("user_id", "=", userId)
    .where("parent_id", "=", parentId)
    .where("trashed_at", "is", null)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** The id of the live folder named exactly `name` in `parentId`, if there is one. */
export async function liveFolderNamed(
  db: Db,
  userId: string,
  parentId: string,
  name: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("files")
    .select("id")
    .where("user_id", "=", userId)
    .where("parent_id", "=", parentId)
    .where("kind", "=", FILE_KIND.folder)
    .where("name", "=", name)
    .where("trashed_at", "is", null)
    .executeTakeFirst();
  return row?.id;
}

/** How many of the user's items (files and folders) are not in the trash. */
export async function countLive(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("files")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("trashed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per blob, how many of the user's rows (trash included) reference it. */
export async function blobReferencesOf(db: Db, userId: string): Promise<Map<string, number>> {
  const groups = await db
    .selectFrom("files")
    .select((eb) => ["blob_gcid", eb.fn.countAll<number>().as("n")])
    .where("user_id", "=", userId)
    .where("blob_gcid", "is not", null)
    .groupBy("blob_gcid")
    .execute();
  return new Map(groups.map((group) => [group.blob_gcid as string, Number(group.n)]));
}

/**
 * Deletes every row of the user's drive; the caller releases the blob references
 * (`blobReferencesOf`) and usage in the same transaction.
 */
export async function deleteDriveOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("files").where("user_id", "=", userId).execute();
}

/** Every query is scoped by user: another user's id simply finds nothing. */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  findOwned(userId: string, id: string, db: Db = this.db): Promise<FileRow | undefined> {
    return findFile(db, userId, id);
  }

  /** The caller's rows among `ids` (others' and unknown ids are simply absent). */
  async findManyOwned(userId: string, ids: readonly string[], db: Db = this.db): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom("files").selectAll().where("user_id", "=", userId).where("id", "in", ids).execute();
  }

  async insert(row: NewFileRow, db: Db = this.db): Promise<void> {
    await db.insertInto("files").values(withFolded(row)).execute();
  }

  /** `insert`, answering the row as stored. */
  inserted(row: NewFileRow, db: Db = this.db): Promise<FileRow> {
    return db.insertInto("files").values(withFolded(row)).returningAll().executeTakeFirstOrThrow();
  }

  async insertMany(rows: readonly NewFileRow[], db: Db = this.db): Promise<void> {
    await insertRows(db, "files", INSERT_COLUMNS, rows.map(withFolded));
  }

  /**
   * Live files (not folders) of a folder whose names start with `prefix`, case aside (compared
   * folded), in name order: the subtitle files beside a video (`Movie.en.srt` for `Movie.mkv`).
   */
  liveFilesStartingWith(
    userId: string,
    parentId: string,
    prefix: string,
    limit: number,
    db: Db = this.db,
  ): Promise<FileRow[]> {
    const folded = foldName(prefix);
    return db
      .selectFrom("files")
      .selectAll()
      .where("user_id", "=", userId)
      .where("parent_id", "=", parentId)
      .where("trashed_at", "is", null)
      .where("kind", "=", "drive#file")
      .where("name_folded", ">=", folded)
      .where("name_folded", "<", `${folded}\u{10FFFF}`)
      .orderBy("name")
      .limit(limit)
      .execute();
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

const INSERT_COLUMNS = [
  "id",
  "user_id",
  "parent_id",
  "kind",
  "name",
  "name_folded",
  "size",
  "blob_gcid",
  "mime_type",
  "phase",
  "trashed_at",
  "trash_path",
  "starred_at",
  "created_at",
  "modified_at",
] as const satisfies readonly (keyof FilesTable)[];
/** Fails to compile when FilesTable gains a column that INSERT_COLUMNS leaves out. */
const everyColumn: Exclude<keyof FilesTable, (typeof INSERT_COLUMNS)[number]> extends never ? true : never =
  true;
void everyColumn;

function withFolded(row: NewFileRow): Insertable<FilesTable> {
  return { ...row, name_folded: row.name_folded ?? foldName(row.name), trash_path: null };
}
