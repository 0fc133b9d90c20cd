import { NimbusError } from "@nimbus/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { deviceKnown } from "../auth/sessions-repository.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";

const HOUR_MS = 3_600_000;
/** Failed sign-ins one IP may make per hour before every sign-in from it is refused for a while. */
export const SIGNIN_FAILURES_PER_IP_HOUR = 100;
/** Answers slow down from this failure on: 200 ms, 400 ms, … up to 3.2 s. */
const SLOW_FROM_FAILURE = 3;
const BASE_DELAY_MS = 200;
const MAX_DELAY_MS = 3_200;

export interface SigninGuardOptions {
  db: Db;
  clock: Clock;
  rateLimits: RateLimitStore;
  /** Failures of one source within an hour that freeze it for this account (SIGNIN_FREEZE_AFTER). */
  freezeAfter: number;
  freezeMs: number;
  /**
   * Failures of an account after which a sign-in needs a solved captcha (the shield's
   * CAPTCHA_FAILURES; Infinity when sign-in is not protected). The shield asks before
   * the handler; this holds the line for attempts that raced past it together.
   */
  captchaAfter: number;
  /** Waits out a delay; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

/** Who is attempting: the normalized account as typed, the client IP and `x-device-id`. */
export interface Attempt {
  accountKey: string;
  ip: string;
  deviceId: string;
  /** The device has signed in to this account before (see `SigninGuard.knowsDevice`). */
  knownDevice: boolean;
  /** The captcha shield let the call through on a solved challenge. */
  captchaSolved: boolean;
}

/** An attempt counted before its secret is checked; settle it with `fail` or `release`. */
export interface Reservation {
  attempt: Attempt;
  /** The guard rows it counted in: the sources', then (for an unknown device) the account's. */
  keys: string[];
  /** The most failures among its sources, this one included: what freezes. */
  sourceFailures: number;
  /** The most failures among all its rows, this one included: what slows answers down. */
  failures: number;
}

/**
 * Brute-force protection of sign-in, per account as typed (so an unknown account
 * behaves exactly like a real one). A freeze (`account_freeze`) locks out the sources
 * that failed — the account with this IP (`<account>|ip:<ip>`) or this device
 * (`<account>|device:<id>`) — not the account: a device that signed in to it before
 * only answers for its own failures, and a mailed code is never frozen. The
 * account-wide row (`<account>`) only slows answers down (and the captcha risk policy
 * reads the same failures from the RateLimitStore, `signin-fail:ip|account|device:*`).
 * An attempt is counted atomically before the secret is checked, so parallel attempts
 * cannot check more secrets than the limit allows. Rows survive restarts.
 */
export class SigninGuard {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: SigninGuardOptions) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Whether `deviceId` has signed in to this user before (a session, live or not, names it). */
  async knowsDevice(userId: string, deviceId: string): Promise<boolean> {
    if (!deviceId) return false;
    // Asked even for an unknown account (userId ""), so both take the same time.
    return deviceKnown(this.options.db, userId, deviceId);
  }

  /** Refuses an attempt from a frozen source, or from an IP with too many failures; counts nothing. */
  async check(attempt: Attempt): Promise<void> {
    const { db, clock } = this.options;
    const rows = await db
      .selectFrom("signin_guards")
      .select("frozen_until")
      .where("account_key", "in", sourceKeys(attempt))
      .execute();
    const now = clock.now();
    for (const row of rows)
      if (row.frozen_until && row.frozen_until > now) throw freeze(row.frozen_until - now);
    await this.checkAddress(attempt);
  }

  /**
   * Counts an attempt before its secret is checked, one atomic statement per row, and
   * refuses it (without counting it) when a source is frozen, or when earlier attempts
   * in flight already reached the limit.
   */
  async reserve(attempt: Attempt): Promise<Reservation> {
    await this.checkAddress(attempt);
    const now = this.options.clock.now();
    const keys = sourceKeys(attempt);
    let sourceFailures = 0;
    for (const key of keys) {
      const counted = await this.count(key, now, true);
      if (counted.frozenUntil !== null) throw freeze(counted.frozenUntil - now);
      sourceFailures = Math.max(sourceFailures, counted.failures);
    }
    let failures = sourceFailures;
    if (!attempt.knownDevice) {
      keys.push(attempt.accountKey);
      failures = Math.max(failures, (await this.count(attempt.accountKey, now, false)).failures);
    }
    const reservation = { attempt, keys, sourceFailures, failures };
    // Attempts in flight together: past the captcha threshold first, then past the freeze.
    if (!attempt.knownDevice && !attempt.captchaSolved && failures > this.options.captchaAfter) {
      await this.release(reservation);
      throw new NimbusError("captcha_required", "captcha needed (signin_failures)", {
        metadata: { reason: "signin_failures" },
      });
    }
    if (sourceFailures > this.options.freezeAfter) {
      await this.release(reservation);
      throw freeze(this.options.freezeMs);
    }
    return reservation;
  }

  /** The secret was right: the attempt no longer counts as a failure. */
  async release(reservation: Reservation): Promise<void> {
    await oneRowAtATime(reservation.keys, (key) =>
      this.options.db
        .updateTable("signin_guards")
        .set({ failures: sql`failures - 1` })
        .where("account_key", "=", key)
        .where("failures", ">", 0)
        .execute(),
    );
  }

  /**
   * The secret was wrong: records it for the risk policy, waits the progressive delay,
   * and throws `account_freeze` when this failure froze its sources. The caller then
   * throws its own error.
   */
  async fail(reservation: Reservation): Promise<void> {
    const { db, clock, rateLimits, freezeAfter, freezeMs } = this.options;
    const { attempt } = reservation;
    await Promise.all([
      rateLimits.hit(`signin-fail:ip:${attempt.ip}`, HOUR_MS),
      rateLimits.hit(`signin-fail:account:${attempt.accountKey}`, HOUR_MS),
      attempt.deviceId ? rateLimits.hit(`signin-fail:device:${attempt.deviceId}`, HOUR_MS) : undefined,
    ]);
    if (reservation.sourceFailures >= freezeAfter) {
      const now = clock.now();
      await oneRowAtATime(sourceKeys(attempt), (key) =>
        db
          .updateTable("signin_guards")
          .set({ frozen_until: now + freezeMs, failures: 0, window_started_at: now, updated_at: now })
          .where("account_key", "=", key)
          .execute(),
      );
      throw freeze(freezeMs);
    }
    if (reservation.failures >= SLOW_FROM_FAILURE) {
      await this.sleep(
        Math.min(BASE_DELAY_MS * 2 ** (reservation.failures - SLOW_FROM_FAILURE), MAX_DELAY_MS),
      );
    }
  }

  /** A successful sign-in forgets the failures of the account and of its own source, not others'. */
  async succeed(attempt: Attempt): Promise<void> {
    await oneRowAtATime([attempt.accountKey, ...sourceKeys(attempt)], (key) =>
      this.options.db.deleteFrom("signin_guards").where("account_key", "=", key).execute(),
    );
    await this.options.rateLimits.reset(`signin-fail:account:${attempt.accountKey}`);
  }

  /** Forgets every failure and freeze of an account (its password was reset by a code). */
  async forgetAccount(accountKey: string): Promise<void> {
    await this.options.db
      .deleteFrom("signin_guards")
      .where((eb) =>
        eb.or([
          eb("account_key", "=", accountKey),
          // Every `<account>|…` key, without LIKE (an account name may hold % or _).
          eb.and([eb("account_key", ">=", `${accountKey}|`), eb("account_key", "<", `${accountKey}}`)]),
        ]),
      )
      .execute();
    await this.options.rateLimits.reset(`signin-fail:account:${accountKey}`);
  }

  async prune(before: number): Promise<void> {
    await this.options.db
      .deleteFrom("signin_guards")
      .where("updated_at", "<", before)
      .where((eb) => eb.or([eb("frozen_until", "is", null), eb("frozen_until", "<", before)]))
      .execute();
  }

  private async checkAddress(attempt: Attempt): Promise<void> {
    if (attempt.knownDevice) return;
    const failures = await this.options.rateLimits.count(`signin-fail:ip:${attempt.ip}`);
    if (failures >= SIGNIN_FAILURES_PER_IP_HOUR) {
      throw new NimbusError("too_many_requests", "too many failed sign-ins from this address");
    }
  }

  /**
   * One more attempt on `key`, in one statement (an upsert both dialects speak), so
   * concurrent attempts all count. A frozen row (when `freezable`) is left as it is and
   * answered with its end.
   */
  private async count(
    key: string,
    now: number,
    freezable: boolean,
  ): Promise<{ failures: number; frozenUntil: number | null }> {
    const { db } = this.options;
    const windowStart = now - HOUR_MS;
    const row = await db
      .insertInto("signin_guards")
      .values({ account_key: key, failures: 1, window_started_at: now, frozen_until: null, updated_at: now })
      .onConflict((oc) => {
        const update = oc.column("account_key").doUpdateSet({
          failures: sql`case when signin_guards.window_started_at < ${windowStart} then 1 else signin_guards.failures + 1 end`,
          window_started_at: sql`case when signin_guards.window_started_at < ${windowStart} then ${now} else signin_guards.window_started_at end`,
          updated_at: now,
        });
        return freezable
          ? update.where((eb) =>
              eb.or([
                eb("signin_guards.frozen_until", "is", null),
                eb("signin_guards.frozen_until", "<=", now),
              ]),
            )
          : update;
      })
      .returning("failures")
      .executeTakeFirst();
    if (row) return { failures: Number(row.failures), frozenUntil: null };
    const frozen = await db
      .selectFrom("signin_guards")
      .select("frozen_until")
      .where("account_key", "=", key)
      .executeTakeFirst();
    return { failures: 0, frozenUntil: frozen?.frozen_until ?? now };
  }
}

/**
 * Writes guard rows one statement per row. Concurrent attempts on one account touch
 * the same rows; a statement that locks several of them can deadlock on Postgres
 * against another that locks them in a different order, and a single-row one cannot.
 */
async function oneRowAtATime(keys: string[], write: (key: string) => Promise<unknown>): Promise<void> {
  for (const key of keys) await write(key);
}

/** The guard rows of where an attempt comes from: its device if known, else its IP and device. */
function sourceKeys(attempt: Attempt): string[] {
  const device = attempt.deviceId ? [`${attempt.accountKey}|device:${attempt.deviceId}`] : [];
  if (attempt.knownDevice) return device;
  return [`${attempt.accountKey}|ip:${attempt.ip}`, ...device];
}

function freeze(remainingMs: number): NimbusError {
  return new NimbusError("account_freeze", "too many failed sign-ins", {
    metadata: { retry_after: String(Math.max(1, Math.ceil(remainingMs / 1000))) },
  });
}
