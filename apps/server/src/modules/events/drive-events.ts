import {
  DEFAULT_PAGE_LIMIT,
  type DriveEventList,
  type EventType,
  FILE_KIND,
  NimbusError,
} from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";

/** One thing that happened to an item, as the activity feed shows it. */
export interface NewEvent {
  userId: string;
  type: EventType;
  fileId: string;
  fileName: string;
  fileKind: string;
  parentId: string;
}

const CHUNK = 500;
/** A batch over many items records the first this many (the feed is a summary, not an audit log). */
export const MAX_EVENTS_PER_CALL = 200;

/**
 * The recent-activity feed (`GET /drive/v1/events`). Recorded by the files
 * module for its operations; uploads record `upload` through `record` too.
 */
export class DriveEvents {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Records events, inside the caller's transaction when `db` is one. */
  async record(events: readonly NewEvent[], db: Db = this.db): Promise<void> {
    const now = this.clock.now();
    const rows = events.slice(0, MAX_EVENTS_PER_CALL).map((event) => ({
      id: newId(now),
      user_id: event.userId,
      type: event.type,
      file_id: event.fileId,
      file_name: event.fileName,
      file_kind: event.fileKind,
      parent_id: event.parentId,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db
        .insertInto("events")
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
  }

  /** Newest first; the page token is the id of the last event served. */
  async list(userId: string, q: { limit?: number; pageToken?: string }): Promise<DriveEventList> {
    const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
    const after = q.pageToken ? decodeId(q.pageToken) : undefined;
    let query = this.db.selectFrom("events").selectAll().where("user_id", "=", userId);
    if (after) query = query.where("id", "<", after);
    const rows = await query
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      kind: "drive#eventList",
      events: page.map((row) => ({
        kind: "drive#event" as const,
        id: row.id,
        type: row.type as EventType,
        file_id: row.file_id,
        file_name: row.file_name,
        file_kind: row.file_kind === FILE_KIND.folder ? FILE_KIND.folder : FILE_KIND.file,
        parent_id: row.parent_id,
        created_time: isoTime(row.created_at),
      })),
      next_page_token: rows.length > limit && last ? Buffer.from(last.id).toString("base64url") : "",
    };
  }

  /** Deletes events older than `cutoff` (epoch ms); returns how many. */
  async prune(cutoff: number): Promise<number> {
    const result = await this.db.deleteFrom("events").where("created_at", "<", cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function decodeId(token: string): string {
  const id = Buffer.from(token, "base64url").toString("utf8");
  if (!/^[0-9A-Z]{26}$/.test(id)) throw new NimbusError("invalid_page_token");
  return id;
}
