import type { BlobStore } from "../../blobs/blob-store.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";

/**
 * Something else that hangs off a blob (a thumbnail row, a media probe) and must
 * go with it. Runs inside the transaction that deletes the `blobs` row, after
 * the row was found (and locked) still unreferenced, before it is deleted.
 */
export interface BlobCollectionHook {
  beforeDelete(db: Db, gcid: string): Promise<void>;
}

export interface BlobGcDeps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  graceMs: number;
  hooks?: readonly BlobCollectionHook[];
}

export interface BlobGcResult {
  blobs: number;
  orphans: number;
}

const BATCH = 500;

/**
 * Garbage-collects stored bytes:
 * 1. blobs whose `ref_count` has been 0 for the grace period: the row is
 *    deleted by a conditional DELETE in a transaction (a reference taken
 *    meanwhile makes it a no-op), then the bytes;
 * 2. store keys without a `blobs` row (an upload that failed before its
 *    commit): first seen → remembered in `blob_orphans`; still row-less after
 *    the grace period → deleted, again behind a conditional DELETE.
 * Never deletes bytes that have a referenced row at the moment it decides.
 */
export async function collectGarbage(deps: BlobGcDeps): Promise<BlobGcResult> {
  const cutoff = deps.clock.now() - deps.graceMs;
  return { blobs: await collectUnreferenced(deps, cutoff), orphans: await collectOrphans(deps, cutoff) };
}

async function collectUnreferenced(deps: BlobGcDeps, cutoff: number): Promise<number> {
  const { db } = deps;
  let collected = 0;
  for (;;) {
    const candidates = await db
      .selectFrom("blobs")
      .select("gcid")
      .where("ref_count", "=", 0)
      .where((eb) =>
        eb.or([
          eb("unreferenced_at", "<", cutoff),
          eb.and([eb("unreferenced_at", "is", null), eb("created_at", "<", cutoff)]),
        ]),
      )
      .limit(BATCH)
      .execute();
    if (candidates.length === 0) return collected;
    for (const { gcid } of candidates) {
      const deleted = await db.transaction().execute(async (trx) => {
        // Lock the row while it still qualifies (a reference taken meanwhile makes this a no-op),
        // let dependents let go of it, then delete it.
        const claimed = await trx
          .updateTable("blobs")
          .set((eb) => ({ ref_count: eb.ref("ref_count") }))
          .where("gcid", "=", gcid)
          .where("ref_count", "=", 0)
          .where((eb) => eb.or([eb("unreferenced_at", "<", cutoff), eb("unreferenced_at", "is", null)]))
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) return false;
        for (const hook of deps.hooks ?? []) await hook.beforeDelete(trx, gcid);
        await trx.deleteFrom("blobs").where("gcid", "=", gcid).where("ref_count", "=", 0).execute();
        // The bytes go while the row is still locked: an upload deduplicating onto them waits
        // for this transaction, then finds them gone (see referenceStoredBlob) and stores them again.
        await deps.blobs.delete(gcid);
        return true;
      });
      if (!deleted) continue;
      collected++;
    }
    if (candidates.length < BATCH) return collected;
  }
}

async function collectOrphans(deps: BlobGcDeps, cutoff: number): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const seen = new Set<string>();
  let chunk: string[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const known = await db.selectFrom("blobs").select("gcid").where("gcid", "in", chunk).execute();
    const withRow = new Set(known.map((row) => row.gcid));
    const orphans = chunk.filter((key) => !withRow.has(key));
    if (orphans.length > 0) {
      await db
        .insertInto("blob_orphans")
        .values(orphans.map((gcid) => ({ gcid, first_seen_at: now })))
        .onConflict((oc) => oc.column("gcid").doNothing())
        .execute();
    }
    chunk = [];
  };
  for await (const key of deps.blobs.list()) {
    seen.add(key);
    chunk.push(key);
    if (chunk.length >= BATCH) await flush();
  }
  await flush();

  let collected = 0;
  const due = await db
    .selectFrom("blob_orphans")
    .select("gcid")
    .where("first_seen_at", "<", cutoff)
    .execute();
  for (const { gcid } of due) {
    if (!seen.has(gcid)) continue;
    if (await deleteOrphan(deps, gcid, cutoff)) collected++;
  }
  // Forget orphans that got a row (their upload committed) or whose bytes are gone.
  const remembered = await db.selectFrom("blob_orphans").select("gcid").execute();
  const stale = remembered.map((row) => row.gcid).filter((gcid) => !seen.has(gcid));
  for (let i = 0; i < stale.length; i += BATCH) {
    await db
      .deleteFrom("blob_orphans")
      .where("gcid", "in", stale.slice(i, i + BATCH))
      .execute();
  }
  await db
    .deleteFrom("blob_orphans")
    .where((eb) =>
      eb.exists(eb.selectFrom("blobs").select("gcid").whereRef("blobs.gcid", "=", "blob_orphans.gcid")),
    )
    .execute();
  return collected;
}

/**
 * Deletes a row-less key's bytes while holding a placeholder `blobs` row, so an upload
 * committing the same content meanwhile waits for this transaction and then finds the
 * bytes gone (see referenceStoredBlob) instead of referencing bytes about to vanish.
 */
async function deleteOrphan(deps: BlobGcDeps, gcid: string, cutoff: number): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .deleteFrom("blob_orphans")
      .where("gcid", "=", gcid)
      .where("first_seen_at", "<", cutoff)
      .executeTakeFirst();
    if (claimed.numDeletedRows === 0n) return false;
    const placeholder = await trx
      .insertInto("blobs")
      .values({ gcid, sha256: "", size: 0, ref_count: 0, created_at: cutoff, unreferenced_at: cutoff })
      .onConflict((oc) => oc.column("gcid").doNothing())
      .returning("gcid")
      .executeTakeFirst();
    if (!placeholder) return false; // an upload committed it: not an orphan any more
    await deps.blobs.delete(gcid);
    await trx.deleteFrom("blobs").where("gcid", "=", gcid).execute();
    return true;
  });
}
