import { NimbusError } from "@nimbus/protocol";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { Tables } from "../../db/schema.js";

type Trx = Transaction<Tables>;

/**
 * Charges `bytes` of storage within `limit`, counting the bytes reserved for
 * uploads in progress, with one conditional UPDATE (`file_space_not_enough`
 * when they do not fit). For any module that adds bytes to a drive.
 */
export async function chargeStorage(
  db: Db | Trx,
  userId: string,
  bytes: number,
  limit: number,
): Promise<void> {
  const charged = await db
    .updateTable("users")
    .set((eb) => ({ storage_usage: eb("storage_usage", "+", bytes) }))
    .where("id", "=", userId)
    .where((eb) => eb(eb(eb("storage_usage", "+", eb.ref("storage_reserved")), "+", bytes), "<=", limit))
    .executeTakeFirst();
  if (charged.numUpdatedRows === 0n) throw new NimbusError("file_space_not_enough");
}
