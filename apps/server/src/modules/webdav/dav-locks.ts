import { randomUUID } from "node:crypto";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { lockUser } from "../accounting/storage-accounting.js";

export type LockScope = "exclusive" | "shared";
export type LockDepth = "0" | "infinity";

/** A WebDAV write lock (RFC 4918 §6) on a path of a user's drive. */
export interface DavLock {
  /** `opaquelocktoken:<uuid>`. */
  token: string;
  /** Decoded names joined by `/` (names hold no `/`); '' the root. */
  path: string;
  depth: LockDepth;
  scope: LockScope;
  /** The complete `DAV:owner` element as the client sent it, '' without one. */
  owner: string;
  timeoutSeconds: number;
  expiresAt: number;
}

/** The timeout a LOCK gets without a `Timeout` header, and the most it gets with one. */
export const DEFAULT_LOCK_SECONDS = 3600;
export const MAX_LOCK_SECONDS = 86_400;

/** The lock path of decoded names. */
export function lockPath(segments: readonly string[]): string {
  return segments.join("/");
}

/** Whether `path` lies strictly under `ancestor`. */
export function isUnder(path: string, ancestor: string): boolean {
  return ancestor === "" ? path !== "" : path.startsWith(`${ancestor}/`);
}

/** Whether `lock` applies to `path`: rooted there, or above it with depth infinity. */
export function covers(lock: DavLock, path: string): boolean {
  return lock.path === path || (lock.depth === "infinity" && isUnder(path, lock.path));
}

/**
 * The seconds a `Timeout` header asks for (RFC 4918 §10.7: `Second-N` or `Infinite`, the
 * first one we understand), within what we grant.
 */
export function lockTimeout(header: string | undefined): number {
  for (const part of (header ?? "").split(",")) {
    const value = part.trim();
    if (/^infinite$/i.test(value)) return MAX_LOCK_SECONDS;
    const match = /^second-(\d{1,12})$/i.exec(value);
    if (match) return Math.min(MAX_LOCK_SECONDS, Math.max(1, Number(match[1])));
  }
  return DEFAULT_LOCK_SECONDS;
}

/** What a write touches: a resource (`deep`: with everything under it, as DELETE and MOVE do). */
export interface Touched {
  path: string;
  deep?: boolean;
}

/**
 * The first lock that keeps a request from touching `touched` with `submitted` tokens: an
 * exclusive lock whose token is not submitted, or shared locks of one root none of whose tokens
 * is. Changing a collection's members counts as touching the collection (its parent's path).
 */
export function blockingLock(
  locks: readonly DavLock[],
  touched: readonly Touched[],
  submitted: ReadonlySet<string>,
): DavLock | undefined {
  const applies = (lock: DavLock) =>
    touched.some(({ path, deep }) => covers(lock, path) || (deep === true && isUnder(lock.path, path)));
  const sharedByRoot = new Map<string, DavLock[]>();
  for (const lock of locks) {
    if (!applies(lock)) continue;
    if (lock.scope === "exclusive") {
      if (!submitted.has(lock.token)) return lock;
      continue;
    }
    sharedByRoot.set(lock.path, [...(sharedByRoot.get(lock.path) ?? []), lock]);
  }
  for (const shared of sharedByRoot.values()) {
    if (!shared.some((lock) => submitted.has(lock.token))) return shared[0];
  }
  return undefined;
}

/** The locks a new lock on `path` would conflict with (RFC 4918 §6.1, §9.10.5). */
export function conflictingLocks(
  locks: readonly DavLock[],
  path: string,
  depth: LockDepth,
  scope: LockScope,
): DavLock[] {
  return locks.filter(
    (lock) =>
      (covers(lock, path) || (depth === "infinity" && isUnder(lock.path, path))) &&
      (scope === "exclusive" || lock.scope === "exclusive"),
  );
}

type LockRow = {
  token: string;
  path: string;
  depth: string;
  scope: string;
  owner: string;
  timeout_seconds: number;
  expires_at: number;
};

function fromRow(row: LockRow): DavLock {
  return {
    token: row.token,
    path: row.path,
    depth: row.depth === "0" ? "0" : "infinity",
    scope: row.scope === "shared" ? "shared" : "exclusive",
    owner: row.owner,
    timeoutSeconds: Number(row.timeout_seconds),
    expiresAt: Number(row.expires_at),
  };
}

/**
 * The WebDAV locks of every user, in `dav_locks` (migration 0031): in the database, so a lock
 * taken through one node holds on every other. A new lock is checked against the user's
 * live ones and inserted in one transaction under the user's row lock, so two nodes cannot
 * both grant an exclusive lock on one path. Expired locks are ignored and purged on the next LOCK.
 */
export class DavLocks {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The user's unexpired locks. */
  async active(userId: string): Promise<DavLock[]> {
    const rows = await this.db
      .selectFrom("dav_locks")
      .select(["token", "path", "depth", "scope", "owner", "timeout_seconds", "expires_at"])
      .where("user_id", "=", userId)
      .where("expires_at", ">", this.clock.now())
      .orderBy("created_at")
      .execute();
    return rows.map(fromRow);
  }

  /** Takes a new lock: it, or the locks it conflicts with. */
  async create(
    userId: string,
    request: { path: string; depth: LockDepth; scope: LockScope; owner: string; timeoutSeconds: number },
  ): Promise<{ lock: DavLock } | { conflicts: DavLock[] }> {
    return this.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const now = this.clock.now();
      await trx
        .deleteFrom("dav_locks")
        .where("user_id", "=", userId)
        .where("expires_at", "<=", now)
        .execute();
      const rows = await trx
        .selectFrom("dav_locks")
        .select(["token", "path", "depth", "scope", "owner", "timeout_seconds", "expires_at"])
        .where("user_id", "=", userId)
        .execute();
      const conflicts = conflictingLocks(rows.map(fromRow), request.path, request.depth, request.scope);
      if (conflicts.length > 0) return { conflicts };
      const lock: DavLock = {
        token: `opaquelocktoken:${randomUUID()}`,
        ...request,
        expiresAt: now + request.timeoutSeconds * 1000,
      };
      await trx
        .insertInto("dav_locks")
        .values({
          token: lock.token,
          user_id: userId,
          path: lock.path,
          depth: lock.depth,
          scope: lock.scope,
          owner: lock.owner,
          timeout_seconds: lock.timeoutSeconds,
          created_at: now,
          expires_at: lock.expiresAt,
        })
        .execute();
      return { lock };
    });
  }

  /** Restarts the timeout of the user's live lock `token`: the lock, or undefined when it is not one. */
  async refresh(userId: string, token: string, timeoutSeconds: number): Promise<DavLock | undefined> {
    const now = this.clock.now();
    const expiresAt = now + timeoutSeconds * 1000;
    const updated = await this.db
      .updateTable("dav_locks")
      .set({ timeout_seconds: timeoutSeconds, expires_at: expiresAt })
      .where("user_id", "=", userId)
      .where("token", "=", token)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return undefined;
    return (await this.active(userId)).find((lock) => lock.token === token);
  }

  /** Removes the user's lock `token`: whether there was one. */
  async remove(userId: string, token: string): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom("dav_locks")
      .where("user_id", "=", userId)
      .where("token", "=", token)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** Removes the locks rooted at `path` or under it (it was deleted or moved away). */
  async removeAt(userId: string, path: string): Promise<void> {
    const locks = await this.db
      .selectFrom("dav_locks")
      .select(["token", "path"])
      .where("user_id", "=", userId)
      .execute();
    const gone = locks
      .filter((lock) => lock.path === path || isUnder(lock.path, path))
      .map((lock) => lock.token);
    if (gone.length === 0) return;
    await this.db.deleteFrom("dav_locks").where("user_id", "=", userId).where("token", "in", gone).execute();
  }
}
