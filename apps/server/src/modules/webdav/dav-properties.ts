import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { PropertyChange, PropName } from "./dav-xml.js";

/** A stored dead property: name, its XML content and the namespaces in scope for it. */
export interface DeadProperty {
  prop: PropName;
  value: string;
  namespaces: Record<string, string>;
}

/** At most this many dead properties per item, and this many bytes in one value. */
export const MAX_DEAD_PROPERTIES = 100;
export const MAX_DEAD_VALUE_BYTES = 16 * 1024;
const LOOKUP_SLICE = 500;

/**
 * WebDAV dead properties (RFC 4918 §4) of a user's files and folders ('' the root), in
 * `dav_properties`. A PROPPATCH's changes apply all or none, in one transaction; a moved
 * item keeps them (they follow its id), a copy gets its source's.
 */
export class DavProperties {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The dead properties of each of `fileIds`. */
  async of(userId: string, fileIds: readonly string[]): Promise<Map<string, DeadProperty[]>> {
    const found = new Map<string, DeadProperty[]>();
    const rows = [];
    // In slices: a folder of tens of thousands of items stays under the databases' parameter limits.
    for (let start = 0; start < fileIds.length; start += LOOKUP_SLICE) {
      rows.push(
        ...(await this.db
          .selectFrom("dav_properties")
          .select(["file_id", "ns", "name", "value", "namespaces"])
          .where("user_id", "=", userId)
          .where("file_id", "in", fileIds.slice(start, start + LOOKUP_SLICE))
          .orderBy("ns")
          .orderBy("name")
          .execute()),
      );
    }
    for (const row of rows) {
      const list = found.get(row.file_id) ?? [];
      list.push({
        prop: { ns: row.ns, name: row.name },
        value: row.value,
        namespaces: JSON.parse(row.namespaces) as Record<string, string>,
      });
      found.set(row.file_id, list);
    }
    return found;
  }

  /** Applies the changes in order, all in one transaction; false (nothing changed) past the limits. */
  async apply(userId: string, fileId: string, changes: readonly PropertyChange[]): Promise<boolean> {
    const now = this.clock.now();
    return this.db
      .transaction()
      .execute(async (trx) => {
        for (const change of changes) {
          if (change.op === "remove") {
            await trx
              .deleteFrom("dav_properties")
              .where("user_id", "=", userId)
              .where("file_id", "=", fileId)
              .where("ns", "=", change.prop.ns)
              .where("name", "=", change.prop.name)
              .execute();
            continue;
          }
          if (Buffer.byteLength(change.value) > MAX_DEAD_VALUE_BYTES) return false;
          const namespaces = JSON.stringify(change.namespaces);
          await trx
            .insertInto("dav_properties")
            .values({
              user_id: userId,
              file_id: fileId,
              ns: change.prop.ns,
              name: change.prop.name,
              value: change.value,
              namespaces,
              updated_at: now,
            })
            .onConflict((oc) =>
              oc
                .columns(["user_id", "file_id", "ns", "name"])
                .doUpdateSet({ value: change.value, namespaces, updated_at: now }),
            )
            .execute();
        }
        const count = await trx
          .selectFrom("dav_properties")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .where("file_id", "=", fileId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) > MAX_DEAD_PROPERTIES) throw new TooManyProperties();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof TooManyProperties) return false;
        throw error;
      });
  }

  /** Gives `toId` the dead properties of `fromId` (a COPY's top item). */
  async copy(userId: string, fromId: string, toId: string): Promise<void> {
    const rows = await this.db
      .selectFrom("dav_properties")
      .selectAll()
      .where("user_id", "=", userId)
      .where("file_id", "=", fromId)
      .execute();
    if (rows.length === 0) return;
    await this.db
      .insertInto("dav_properties")
      .values(rows.map((row) => ({ ...row, file_id: toId, updated_at: this.clock.now() })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

class TooManyProperties extends Error {}
