import type { Db } from "../../db/database.js";

/** Blob keys looked up per query (well under SQLite's and Postgres's parameter limits). */
const LOOKUP_BATCH = 500;

/**
 * The CRC-32 of each blob's bytes, kept in `blobs.crc32` once a zip download computed it,
 * so every later zip holding the blob knows its entry's CRC before writing (decision 0066).
 */
export class BlobCrcs {
  constructor(private readonly db: Db) {}

  /** The known CRC-32s among `keys`; blobs not yet zipped are absent. */
  async known(keys: readonly string[]): Promise<Map<string, number>> {
    const crcs = new Map<string, number>();
    for (let i = 0; i < keys.length; i += LOOKUP_BATCH) {
      const rows = await this.db
        .selectFrom("blobs")
        .select(["gcid", "crc32"])
        .where("gcid", "in", keys.slice(i, i + LOOKUP_BATCH))
        .where("crc32", "is not", null)
        .execute();
      for (const row of rows) crcs.set(row.gcid, Number(row.crc32));
    }
    return crcs;
  }

  /** Keeps a computed CRC-32; the first one kept stands. */
  async remember(gcid: string, crc: number): Promise<void> {
    await this.db
      .updateTable("blobs")
      .set({ crc32: crc })
      .where("gcid", "=", gcid)
      .where("crc32", "is", null)
      .execute();
  }
}
