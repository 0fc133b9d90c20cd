import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Block SHA-256 (decision 0071): `blobs.block_sha256`, SHA-256 over the SHA-256 of each GCID
 * block, NULL until the first instant-upload claim that sends one computes it from the stored
 * bytes (as `sha256`, migration 0017); `uploads.declared_block_sha256`, what the client sent.
 */
export function blockSha256(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("blobs").addColumn("block_sha256", "text").execute();
      await db.schema.alterTable("uploads").addColumn("declared_block_sha256", "text").execute();
    },
  };
}
