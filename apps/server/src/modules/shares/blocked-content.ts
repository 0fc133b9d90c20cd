import type { AuditVerdict } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";

/**
 * Content blocked by GCID (`blocked_gcids`): every share whose live tree holds a blocked
 * GCID answers its verdict (`share-tree.ts` reads it when a share is opened).
 */
export class BlockedContent {
  constructor(private readonly db: Db) {}

  /** Blocks each GCID with `verdict`; blocking one again changes its verdict and who blocked it. */
  async block(gcids: readonly string[], verdict: AuditVerdict, adminId: string, now: number): Promise<void> {
    for (const gcid of gcids) {
      await this.db
        .insertInto("blocked_gcids")
        .values({ gcid, verdict, blocked_by: adminId, created_at: now })
        .onConflict((oc) => oc.column("gcid").doUpdateSet({ verdict, blocked_by: adminId }))
        .execute();
    }
  }

  /** How many GCIDs were first blocked in [from, to). */
  async countBetween(from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom("blocked_gcids")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** When the first GCID was blocked; undefined before any. */
  async firstTime(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("blocked_gcids")
      .select((eb) => eb.fn.min<number | string | null>("created_at").as("first"))
      .executeTakeFirst();
    return row?.first === null || row?.first === undefined ? undefined : Number(row.first);
  }
}
