import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Playback state per user (decision 0060): where each user stopped in each file and the
 * tracks they chose there (`playback_positions`, removed with the file or the account by
 * their foreign keys), and the audio and subtitle languages they last picked, which the next
 * file starts with (`playback_preferences`).
 */
export function playbackPositions(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("playback_positions")
        .addColumn("file_id", "text", (c) => c.notNull().references("files.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("position_ms", "bigint", (c) => c.notNull())
        .addColumn("duration_ms", "bigint", (c) => c.notNull())
        .addColumn("audio_track", "integer")
        .addColumn("subtitle", "text")
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("playback_positions_pk", ["file_id", "user_id"])
        .execute();
      await db.schema
        .createIndex("playback_positions_user")
        .on("playback_positions")
        .columns(["user_id", "updated_at"])
        .execute();
      await db.schema
        .createTable("playback_preferences")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("audio_language", "text")
        .addColumn("subtitle_language", "text")
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
    },
  };
}
