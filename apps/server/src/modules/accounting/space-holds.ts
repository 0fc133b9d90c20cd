import { NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { chargeStorage } from "./storage-charges.js";

/**
 * Storage held for background work that will add bytes to a drive (archive
 * extraction): counted in `users.storage_reserved`, like an upload's reservation,
 * from the moment the work is accepted until it charges the bytes it added or
 * gives back the rest. One `space_holds` row per piece of work, so what is left
 * can be released exactly once, also after a crash.
 */
export interface NewHold {
  id: string;
  userId: string;
  bytes: number;
  limit: number;
  now: number;
}

/** Holds `bytes` within `limit` (usage and every reservation counted), else `file_space_not_enough`. */
export async function holdSpace(db: Db, hold: NewHold): Promise<void> {
  const reserved = await db
    .updateTable("users")
    .set((eb) => ({ storage_reserved: eb("storage_reserved", "+", hold.bytes) }))
    .where("id", "=", hold.userId)
    .where((eb) =>
      eb(eb(eb("storage_usage", "+", eb.ref("storage_reserved")), "+", hold.bytes), "<=", hold.limit),
    )
    .executeTakeFirst();
  if (reserved.numUpdatedRows === 0n) throw new NimbusError("file_space_not_enough");
  await db
    .insertInto("space_holds")
    .values({ id: hold.id, user_id: hold.userId, bytes: hold.bytes, created_at: hold.now })
    .execute();
}

/**
 * Charges `bytes` added to the drive, first out of the hold (moved from reserved
 * to used), any excess within `limit` as a plain charge. Inside the adding
 * transaction, under the user's lock.
 */
export async function chargeFromHold(
  db: Db,
  holdId: string,
  userId: string,
  bytes: number,
  limit: number,
): Promise<void> {
  const hold = await db
    .selectFrom("space_holds")
    .select("bytes")
    .where("id", "=", holdId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const taken = Math.min(bytes, Number(hold?.bytes ?? 0));
  if (taken > 0) {
    await db
      .updateTable("space_holds")
      .set((eb) => ({ bytes: eb("bytes", "-", taken) }))
      .where("id", "=", holdId)
      .execute();
    await db
      .updateTable("users")
      .set((eb) => ({
        storage_reserved: eb("storage_reserved", "-", taken),
        storage_usage: eb("storage_usage", "+", taken),
      }))
      .where("id", "=", userId)
      .execute();
  }
  if (bytes > taken) await chargeStorage(db, userId, bytes - taken, limit);
}

/** Gives back what is left of a hold; a hold already released is a no-op. */
export async function releaseHold(db: Db, holdId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const hold = await trx
      .deleteFrom("space_holds")
      .where("id", "=", holdId)
      .returning(["user_id", "bytes"])
      .executeTakeFirst();
    if (!hold || Number(hold.bytes) === 0) return;
    await trx
      .updateTable("users")
      .set((eb) => ({ storage_reserved: eb("storage_reserved", "-", Number(hold.bytes)) }))
      .where("id", "=", hold.user_id)
      .execute();
  });
}
