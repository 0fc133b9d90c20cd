import { NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";

/**
 * Reserves `bytes` for an upload in progress with one conditional UPDATE
 * (usage + reserved + bytes ≤ limit), so concurrent starts can never overbook
 * (`file_space_not_enough`).
 */
export async function reserveStorage(db: Db, userId: string, bytes: number, limit: number): Promise<void> {
  const reserved = await db
    .updateTable("users")
    .set((eb) => ({ storage_reserved: eb("storage_reserved", "+", bytes) }))
    .where("id", "=", userId)
    .where((eb) => eb(eb(eb("storage_usage", "+", eb.ref("storage_reserved")), "+", bytes), "<=", limit))
    .executeTakeFirst();
  if (reserved.numUpdatedRows === 0n) throw new NimbusError("file_space_not_enough");
}

/** Gives back the reservation of an upload that will not complete. */
export async function releaseReservation(db: Db, userId: string, bytes: number): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ storage_reserved: eb("storage_reserved", "-", bytes) }))
    .where("id", "=", userId)
    .execute();
}

/** The reservation already made room for these bytes: moves them from reserved to used. */
export async function settleReservation(db: Db, userId: string, bytes: number): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({
      storage_reserved: eb("storage_reserved", "-", bytes),
      storage_usage: eb("storage_usage", "+", bytes),
    }))
    .where("id", "=", userId)
    .execute();
}
