import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Downloads and previews: monthly downstream traffic per user, media facts
 * probed once per blob, and thumbnails stored as blobs of their own.
 */
export function downloadsPreviews(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("download_traffic")
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("period", "text", (c) => c.notNull())
        .addColumn("bytes", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("download_traffic_pk", ["user_id", "period"])
        .execute();

      await db.schema
        .createTable("blob_media")
        .addColumn("gcid", "text", (c) => c.primaryKey().references("blobs.gcid").onDelete("cascade"))
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("duration_ms", "bigint")
        .addColumn("width", "integer")
        .addColumn("height", "integer")
        .addColumn("video_codec", "text")
        .addColumn("audio_codec", "text")
        .addColumn("bit_rate", "bigint")
        .addColumn("frame_rate", "text")
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("blob_thumbnails")
        .addColumn("gcid", "text", (c) => c.notNull().references("blobs.gcid").onDelete("cascade"))
        .addColumn("size", "text", (c) => c.notNull())
        .addColumn("thumbnail_gcid", "text", (c) => c.notNull().references("blobs.gcid"))
        .addColumn("mime_type", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("blob_thumbnails_pk", ["gcid", "size"])
        .execute();
      await db.schema
        .createIndex("blob_thumbnails_thumbnail")
        .on("blob_thumbnails")
        .column("thumbnail_gcid")
        .execute();
    },
  };
}
