import {
  DEFAULT_PAGE_LIMIT,
  type DriveEventList,
  type DriveEventWait,
  type EventType,
  FILE_KIND,
  NimbusError,
} from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { keysetPage, readIdPageToken } from "../../lib/page-token.js";
import { type EventWakes, LocalEventWakes } from "./event-wakes.js";

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
 * Long polls one user may hold at once, on all nodes together: each visible tab and
 * each device holds one, and every held poll keeps a socket and a timer on a node.
 */
export const MAX_HELD_WAITS_PER_USER = 8;
/** Re-reads after a wake-up that found nothing yet (its writer had not committed): then `recheckMs` again. */
const WOKEN_REREAD_MS = [25, 100, 300];
/** A held poll's slot outlives its wait by this much, so a node that dies holding it frees it soon after. */
const SLOT_SLACK_MS = 30_000;

/**
 * Counters the held polls take their slots from: the app's `RateLimitStore` fits (one
 * store for every node with Redis). Named here so this module needs nothing of a higher one.
 */
export interface WaitSlots {
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * The recent-activity feed (`GET /drive/v1/events`). Recorded by the files
 * module for its operations; uploads record `upload` through `record` too.
 */
export class DriveEvents {
  /** Aborted when the node shuts down: held long polls answer at once instead of delaying it. */
  private readonly closing = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Who waits for a user's next event, on this node (memory) or on every node (Redis). */
    readonly wakes: EventWakes = new LocalEventWakes(),
    /** Where held polls take their slots (none: no cap, as in tools that only record events). */
    private readonly slots?: WaitSlots,
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
    // Inside a transaction this may wake a waiter before the rows commit: `waitForNew` re-reads
    // on a timer too, so such a wake-up only delays it.
    for (const userId of new Set(rows.map((row) => row.user_id))) this.wakes.publish(userId);
  }

  /** The id of the user's newest event ("" when none): the cursor `waitForNew` waits past. */
  async latestId(userId: string): Promise<string> {
    const row = await this.db
      .selectFrom("events")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? "";
  }

  /**
   * Waits until the user has an event newer than `afterId` (true) or `timeoutMs` passed (false).
   * Woken by `wakes` (any node, with Redis), and re-reads every `recheckMs` in case a wake-up
   * came before its transaction committed or was lost.
   */
  async waitForNew(
    userId: string,
    afterId: string,
    timeoutMs: number,
    options: { recheckMs?: number; signal?: AbortSignal } = {},
  ): Promise<boolean> {
    const recheckMs = options.recheckMs ?? 2_000;
    const deadline = Date.now() + timeoutMs;
    let woken: (() => void) | undefined;
    let pending = false;
    // A wake-up can come before the writer's transaction commits (`record` runs inside it): after
    // one that finds nothing yet, read again soon rather than at the next `recheckMs`.
    let quickRereads = 0;
    const unsubscribe = this.wakes.subscribe(userId, () => {
      pending = true;
      quickRereads = WOKEN_REREAD_MS.length;
      woken?.();
    });
    const abort = () => woken?.();
    options.signal?.addEventListener("abort", abort);
    try {
      for (;;) {
        if (options.signal?.aborted) return false;
        pending = false;
        const newer = await this.db
          .selectFrom("events")
          .select("id")
          .where("user_id", "=", userId)
          .where("id", ">", afterId)
          .limit(1)
          .executeTakeFirst();
        if (newer) return true;
        const left = deadline - Date.now();
        if (left <= 0 || options.signal?.aborted) return false;
        if (pending) continue;
        const delay =
          quickRereads > 0 ? (WOKEN_REREAD_MS[WOKEN_REREAD_MS.length - quickRereads--] as number) : recheckMs;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(left, delay));
          function done() {
            clearTimeout(timer);
            woken = undefined;
            resolve();
          }
          woken = done;
        });
      }
    } finally {
      unsubscribe();
      options.signal?.removeEventListener("abort", abort);
    }
  }

  /**
   * The long poll (`GET /drive/v1/events/wait`): without `after`, the cursor at once; else waits
   * up to `timeoutMs` for an event newer than `after` and answers whether one came, with the cursor.
   */
  async wait(
    userId: string,
    after: string | undefined,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<DriveEventWait> {
    const stop = new AbortController();
    const end = () => stop.abort();
    for (const source of [signal, this.closing.signal]) source?.addEventListener("abort", end);
    const slot =
      after !== undefined && this.slots ? await this.takeSlot(this.slots, userId, timeoutMs) : undefined;
    try {
      if (signal?.aborted || this.closing.signal.aborted) end();
      const changed =
        after !== undefined && (await this.waitForNew(userId, after, timeoutMs, { signal: stop.signal }));
      // Shutting down: no more queries (the database is closing); the client asks again elsewhere.
      if (this.closing.signal.aborted)
        return { kind: "drive#eventWait", changed: false, latest_id: after ?? "" };
      return { kind: "drive#eventWait", changed, latest_id: await this.latestId(userId) };
    } finally {
      for (const source of [signal, this.closing.signal]) source?.removeEventListener("abort", end);
      if (slot) await this.slots?.reset(slot);
    }
  }

  /**
   * One of the user's `MAX_HELD_WAITS_PER_USER` slots (a counter that reads 1 for
   * whoever took it), or `resource_exhausted` while all are held.
   */
  private async takeSlot(slots: WaitSlots, userId: string, timeoutMs: number): Promise<string> {
    for (let slot = 0; slot < MAX_HELD_WAITS_PER_USER; slot++) {
      const key = `event-wait:user:${userId}:${slot}`;
      if ((await slots.hit(key, timeoutMs + SLOT_SLACK_MS)) === 1) return key;
    }
    throw new NimbusError("resource_exhausted", "too many long polls held at once", {
      metadata: { reason: "EVENT_WAITS_LIMITED" },
    });
  }

  /** Ends every held `wait` now (the node is shutting down; clients poll again, on another node). */
  stopWaiting(): void {
    this.closing.abort();
  }

  /** Newest first; the page token is the id of the last event served. */
  async list(userId: string, q: { limit?: number; pageToken?: string }): Promise<DriveEventList> {
    const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
    const after = q.pageToken ? readIdPageToken(q.pageToken) : undefined;
    let query = this.db.selectFrom("events").selectAll().where("user_id", "=", userId);
    if (after) query = query.where("id", "<", after);
    const rows = await query
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
    const page = keysetPage(rows, limit, (last) => last.id);
    return {
      kind: "drive#eventList",
      events: page.rows.map((row) => ({
        kind: "drive#event" as const,
        id: row.id,
        type: row.type as EventType,
        file_id: row.file_id,
        file_name: row.file_name,
        file_kind: row.file_kind === FILE_KIND.folder ? FILE_KIND.folder : FILE_KIND.file,
        parent_id: row.parent_id,
        created_time: isoTime(row.created_at),
      })),
      next_page_token: page.nextPageToken,
    };
  }

  /** Deletes events older than `cutoff` (epoch ms); returns how many. */
  async prune(cutoff: number): Promise<number> {
    const result = await this.db.deleteFrom("events").where("created_at", "<", cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
