import type { ThumbnailSize } from "@nimbus/protocol";
import type { Selectable } from "kysely";
import type { PutResult } from "../../blobs/blob-store.js";
import type { Db } from "../../db/database.js";
import type { BlobMediaTable, BlobThumbnailsTable } from "../../db/schema.js";
import { addBlobReferences, releaseBlobReferences } from "../accounting/storage-accounting.js";
import { registerStoredBlob } from "../accounting/stored-blobs.js";
import type { MediaInfo } from "./media-probe.js";

export type MediaRow = Selectable<BlobMediaTable>;
export type ThumbnailRow = Selectable<BlobThumbnailsTable>;

/** What is known about one blob for presenting it: media facts and the thumbnail sizes that exist. */
export interface BlobPreview {
  media?: MediaRow;
  thumbnails: Set<string>;
}

/** The SQL of previews: media facts and thumbnails per blob. */
export class PreviewStore {
  constructor(private readonly db: Db) {}

  async lookup(gcids: readonly string[]): Promise<Map<string, BlobPreview>> {
    const unique = [...new Set(gcids)];
    const out = new Map<string, BlobPreview>();
    if (unique.length === 0) return out;
    const [media, thumbs] = await Promise.all([
      this.db.selectFrom("blob_media").selectAll().where("gcid", "in", unique).execute(),
      this.db.selectFrom("blob_thumbnails").select(["gcid", "size"]).where("gcid", "in", unique).execute(),
    ]);
    const entry = (gcid: string) => {
      const preview = out.get(gcid) ?? { thumbnails: new Set<string>() };
      out.set(gcid, preview);
      return preview;
    };
    for (const row of media) entry(row.gcid).media = row;
    for (const row of thumbs) entry(row.gcid).thumbnails.add(row.size);
    return out;
  }

  /** A thumbnail with the byte size of its blob. */
  async thumbnail(
    gcid: string,
    size: ThumbnailSize,
  ): Promise<(ThumbnailRow & { bytes: number }) | undefined> {
    const row = await this.db
      .selectFrom("blob_thumbnails")
      .innerJoin("blobs", "blobs.gcid", "blob_thumbnails.thumbnail_gcid")
      .selectAll("blob_thumbnails")
      .select("blobs.size as bytes")
      .where("blob_thumbnails.gcid", "=", gcid)
      .where("blob_thumbnails.size", "=", size)
      .executeTakeFirst();
    return row && { ...row, bytes: Number(row.bytes) };
  }

  async isProcessed(gcid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("blob_media")
      .select("gcid")
      .where("gcid", "=", gcid)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records the probe result: `ready` with facts, `none` (not audio/video) or `failed`. */
  async saveMedia(
    gcid: string,
    state: "ready" | "none" | "failed",
    info: MediaInfo | undefined,
    now: number,
  ) {
    const values = {
      state,
      duration_ms: info?.durationMs ?? null,
      width: info?.width ?? null,
      height: info?.height ?? null,
      video_codec: info?.videoCodec ?? null,
      audio_codec: info?.audioCodec ?? null,
      bit_rate: info?.bitRate ?? null,
      frame_rate: info?.frameRate ?? null,
      container: info ? info.container : null,
      streams: info ? JSON.stringify(info.streams) : null,
      updated_at: now,
    };
    await this.db
      .insertInto("blob_media")
      .values({ gcid, ...values })
      .onConflict((oc) => oc.column("gcid").doUpdateSet(values))
      .execute();
  }

  /**
   * Records a thumbnail stored as blob `stored`: the thumbnail row and one
   * reference on its blob, in one transaction; nothing when it already exists.
   */
  async saveThumbnail(
    gcid: string,
    size: ThumbnailSize,
    stored: PutResult,
    dims: { width: number; height: number; mimeType: string },
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await registerStoredBlob(trx, stored, now);
      const inserted = await trx
        .insertInto("blob_thumbnails")
        .values({
          gcid,
          size,
          thumbnail_gcid: stored.key,
          mime_type: dims.mimeType,
          width: dims.width,
          height: dims.height,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(["gcid", "size"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return;
      await addBlobReferences(trx, new Map([[stored.key, 1]]));
    });
  }

  /**
   * For the blob GC, before it deletes blob `gcid`: drops its media row and
   * thumbnails and releases their blobs' references (in the caller's transaction).
   */
  async forget(gcid: string, now: number, db: Db = this.db): Promise<void> {
    const thumbs = await db
      .selectFrom("blob_thumbnails")
      .select("thumbnail_gcid")
      .where("gcid", "=", gcid)
      .execute();
    await db.deleteFrom("blob_thumbnails").where("gcid", "=", gcid).execute();
    await db.deleteFrom("blob_media").where("gcid", "=", gcid).execute();
    const counts = new Map<string, number>();
    for (const { thumbnail_gcid } of thumbs)
      counts.set(thumbnail_gcid, (counts.get(thumbnail_gcid) ?? 0) + 1);
    await releaseBlobReferences(db, counts, now);
  }
}
