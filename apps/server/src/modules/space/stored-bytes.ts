import type { Db } from "../../db/database.js";

/** The bytes stored once per content (blobs still referenced): what deduplication leaves on disk. */
export async function storedBytes(db: Db): Promise<bigint> {
  const row = await db
    .selectFrom("blobs")
    .select((eb) => eb.fn.sum<number | string | null>("size").as("n"))
    .where("ref_count", ">", 0)
    .executeTakeFirstOrThrow();
  return BigInt(row.n ?? 0);
}
