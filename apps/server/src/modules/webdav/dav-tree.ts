import { FILE_KIND } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { FileRow } from "../files/index.js";

/** A resource under `/dav/`: the drive's root, or one of its live, complete items. */
export type DavResource = { kind: "root" } | { kind: "item"; row: FileRow };

const COMPLETE = "PHASE_TYPE_COMPLETE";

/**
 * The drive seen as a tree of names, as WebDAV addresses it: a path resolves one name at
 * a time among the live children of a folder (the `files_live_by_name` index the API's
 * listings use). Items still uploading and items in the trash are not there.
 */
export class DavTree {
  constructor(private readonly db: Db) {}

  /** The resource `segments` (decoded names, root first) name, or undefined. */
  async resolve(userId: string, segments: readonly string[]): Promise<DavResource | undefined> {
    let current: DavResource = { kind: "root" };
    for (const name of segments) {
      const parentId = current.kind === "root" ? "" : current.row.id;
      if (current.kind === "item" && current.row.kind !== FILE_KIND.folder) return undefined;
      const row = await this.child(userId, parentId, name);
      if (!row) return undefined;
      current = { kind: "item", row };
    }
    return current;
  }

  /** The member `name` of the collection `parent` (a resource `resolve` answered), or undefined. */
  async member(userId: string, parent: DavResource, name: string): Promise<DavResource | undefined> {
    if (parent.kind === "item" && parent.row.kind !== FILE_KIND.folder) return undefined;
    const row = await this.child(userId, parent.kind === "root" ? "" : parent.row.id, name);
    return row ? { kind: "item", row } : undefined;
  }

  /** The live, complete children of a folder ('' for the root), folders first, then by name. */
  children(userId: string, parentId: string): Promise<FileRow[]> {
    return this.db
      .selectFrom("files")
      .selectAll()
      .where("user_id", "=", userId)
      .where("parent_id", "=", parentId)
      .where("kind", "in", [FILE_KIND.folder, FILE_KIND.file])
      .where("trashed_at", "is", null)
      .where("phase", "=", COMPLETE)
      .orderBy("kind", "desc")
      .orderBy("name")
      .orderBy("id")
      .execute();
  }

  private child(userId: string, parentId: string, name: string): Promise<FileRow | undefined> {
    return this.db
      .selectFrom("files")
      .selectAll()
      .where("user_id", "=", userId)
      .where("parent_id", "=", parentId)
      .where("kind", "in", [FILE_KIND.folder, FILE_KIND.file])
      .where("name", "=", name)
      .where("trashed_at", "is", null)
      .where("phase", "=", COMPLETE)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
  }
}
