import { NimbusError } from "@nimbus/protocol";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import { statusOf } from "../membership/entitlements.js";
import { releaseReservation } from "./storage-reservations.js";

/**
 * The two counters every file change keeps true, always inside the change's own
 * transaction: a user's `storage_usage` is the sum of the sizes of their rows
 * that hold a blob (trash included), and a blob's `ref_count` is the number of
 * references to it. Charging goes through `chargeStorage` (storage-charges.ts),
 * which also counts the bytes reserved for uploads in progress.
 */
const CHUNK = 500;

/**
 * A user's storage limit at `now`, from the membership ledger: the free or premium
 * quota plus the storage packs that count now. Read inside the change's transaction
 * (`db`), after `lockUser`, so the limit and the usage it bounds are of one moment.
 */
export async function storageLimit(
  db: Db,
  userId: string,
  quota: Config["quota"],
  now: number,
): Promise<number> {
  return (await statusOf(db, userId, now, quota)).storageLimit;
}

/**
 * Takes the user's row lock for the rest of the transaction, so structural
 * changes of one user's tree (move, copy, trash, delete) run one at a time on
 * Postgres too (two crossing moves could otherwise make a cycle). Returns the
 * user's membership type and usage as of the lock.
 */
export async function lockUser(db: Db, userId: string): Promise<{ vip_type: string; storage_usage: number }> {
  const row = await db
    .updateTable("users")
    .set((eb) => ({ storage_usage: eb.ref("storage_usage") }))
    .where("id", "=", userId)
    .returning(["vip_type", "storage_usage"])
    .executeTakeFirst();
  if (!row) throw new NimbusError("unauthenticated", "account no longer exists");
  return { vip_type: row.vip_type, storage_usage: Number(row.storage_usage) };
}

export async function releaseUsage(db: Db, userId: string, bytes: number): Promise<void> {
  if (bytes === 0) return;
  await db
    .updateTable("users")
    .set((eb) => ({ storage_usage: eb("storage_usage", "-", bytes) }))
    .where("id", "=", userId)
    .execute();
}

/** Adds references (e.g. a copy): per blob, the number of new rows pointing at it. */
export async function addBlobReferences(db: Db, counts: ReadonlyMap<string, number>): Promise<void> {
  for (const [n, gcids] of byCount(counts)) {
    for (let i = 0; i < gcids.length; i += CHUNK) {
      await db
        .updateTable("blobs")
        .set((eb) => ({ ref_count: eb("ref_count", "+", n), unreferenced_at: null }))
        .where("gcid", "in", gcids.slice(i, i + CHUNK))
        .execute();
    }
  }
}

/** Removes references (permanent delete); a blob reaching zero starts its GC grace period now. */
export async function releaseBlobReferences(db: Db, counts: ReadonlyMap<string, number>, now: number) {
  for (const [n, gcids] of byCount(counts)) {
    for (let i = 0; i < gcids.length; i += CHUNK) {
      const chunk = gcids.slice(i, i + CHUNK);
      await db
        .updateTable("blobs")
        .set((eb) => ({ ref_count: eb("ref_count", "-", n) }))
        .where("gcid", "in", chunk)
        .execute();
      await db
        .updateTable("blobs")
        .set({ unreferenced_at: now })
        .where("gcid", "in", chunk)
        .where("ref_count", "<=", 0)
        .execute();
    }
  }
}

function byCount(counts: ReadonlyMap<string, number>): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const [gcid, n] of counts) {
    if (n <= 0) continue;
    const list = groups.get(n) ?? [];
    list.push(gcid);
    groups.set(n, list);
  }
  return groups;
}

/**
 * Uploads whose pending file was just deleted stop holding space at once: they are
 * marked failed (a client resuming learns so) and due for expiry, which drops their
 * bytes. Runs inside the deleting transaction, under the user's lock.
 */
export async function releaseOrphanedUploads(db: Db, userId: string, now: number): Promise<void> {
  const orphans = await db
    .selectFrom("uploads")
    .select(["id", "size"])
    .where("user_id", "=", userId)
    .where("state", "=", "active")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("files").select("files.id").whereRef("files.id", "=", "uploads.file_id"))),
    )
    .execute();
  if (orphans.length === 0) return;
  const bytes = orphans.reduce((sum, upload) => sum + Number(upload.size), 0);
  await db
    .updateTable("uploads")
    .set({ state: "failed", expires_at: now })
    .where(
      "id",
      "in",
      orphans.map((upload) => upload.id),
    )
    .execute();
  await releaseReservation(db, userId, bytes);
}
