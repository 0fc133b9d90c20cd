import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * WebDAV dead properties (`dav_properties`, RFC 4918 §4): what clients store on a file or
 * folder with PROPPATCH (Finder's and Windows' attributes, rclone's modification times), by
 * namespace and name, the value as the XML it was sent in with the namespaces in scope then.
 * `file_id` '' is the drive's root.
 */
export function davProperties(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("dav_properties")
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("file_id", "text", (c) => c.notNull())
        .addColumn("ns", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("namespaces", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("dav_properties_pk", ["user_id", "file_id", "ns", "name"])
        .execute();
    },
  };
}
