import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * `blobs.crc32`: the CRC-32 of a blob's bytes, NULL until a zip download first computes it
 * (streaming the blob whole, or reading it when a `Range` needs it). A zip's layout is fixed
 * by the database, its bytes by these CRCs, so a cut zip resumes with `Range` (decision 0066).
 */
export function blobCrc32(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("blobs").addColumn("crc32", "bigint").execute();
    },
  };
}
