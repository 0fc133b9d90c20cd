import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Playback (decision 0060) needs every stream of a media file, not only the first video and
 * audio: `blob_media.streams` holds them as JSON (`MediaStream[]`: index, type, codec,
 * language, title, channels, default/forced, size) and `container` ffprobe's format name
 * ("matroska,webm", "mov,mp4,m4a,3gp,3g2,mj2"…). NULL in both: probed before this
 * migration; the playback plan probes such a blob again when it is first asked for.
 */
export function mediaStreams(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("blob_media").addColumn("container", "text").execute();
      await db.schema.alterTable("blob_media").addColumn("streams", "text").execute();
    },
  };
}
