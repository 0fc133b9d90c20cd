import { NimbusError } from "@nimbus/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
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
  /** Failures within an hour that freeze the account (SIGNIN_FREEZE_AFTER). */
  freezeAfter: number;
  freezeMs: number;
  /** Waits out a delay; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

/** Who is attempting: the normalized account as typed, the client IP and `x-device-id`. */
export interface Attempt {
  accountKey: string;
  ip: string;
  deviceId: string;
}

/**
 * Brute-force protection of sign-in, per account as typed (so an unknown account
 * behaves exactly like a real one): failures slow the answers down, then freeze the
 * account for a while (`account_freeze`); freezes are rows in `signin_guards`, so they
 * survive restarts. It also counts failures in the RateLimitStore under the keys the
 * captcha risk policy reads (`signin-fail:ip|account|device:<…>`).
 */
export class SigninGuard {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: SigninGuardOptions) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Refuses an attempt on a frozen account, or from an IP with too many failures. */
  async check(attempt: Attempt): Promise<void> {
    const { db, clock, rateLimits } = this.options;
    const row = await db
      .selectFrom("signin_guards")
      .select("frozen_until")
      .where("account_key", "=", attempt.accountKey)
      .executeTakeFirst();
    const now = clock.now();
    if (row?.frozen_until && row.frozen_until > now) {
      throw new NimbusError("account_freeze", "too many failed sign-ins", {
        metadata: { retry_after: String(Math.ceil((row.frozen_until - now) / 1000)) },
      });
    }
    if ((await rateLimits.count(`signin-fail:ip:${attempt.ip}`)) >= SIGNIN_FAILURES_PER_IP_HOUR) {
      throw new NimbusError("too_many_requests", "too many failed sign-ins from this address");
    }
  }

  /**
   * Records a failure, waits the progressive delay, and throws `account_freeze` when
   * this failure froze the account. The caller then throws its own error.
   */
  async fail(attempt: Attempt): Promise<void> {
    const { db, clock, rateLimits, freezeAfter, freezeMs } = this.options;
    const now = clock.now();
    await Promise.all([
      rateLimits.hit(`signin-fail:ip:${attempt.ip}`, HOUR_MS),
      rateLimits.hit(`signin-fail:account:${attempt.accountKey}`, HOUR_MS),
      attempt.deviceId ? rateLimits.hit(`signin-fail:device:${attempt.deviceId}`, HOUR_MS) : undefined,
    ]);
    const windowStart = now - HOUR_MS;
    // One statement, so concurrent failures all count (an upsert both dialects speak).
    const row = await db
      .insertInto("signin_guards")
      .values({
        account_key: attempt.accountKey,
        failures: 1,
        window_started_at: now,
        frozen_until: null,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column("account_key").doUpdateSet({
          failures: sql`case when signin_guards.window_started_at < ${windowStart} then 1 else signin_guards.failures + 1 end`,
          window_started_at: sql`case when signin_guards.window_started_at < ${windowStart} then ${now} else signin_guards.window_started_at end`,
          updated_at: now,
        }),
      )
      .returning("failures")
      .executeTakeFirstOrThrow();
    const failures = Number(row.failures);
    if (failures >= freezeAfter) {
      await db
        .updateTable("signin_guards")
        .set({ frozen_until: now + freezeMs, failures: 0, window_started_at: now })
        .where("account_key", "=", attempt.accountKey)
        .execute();
      throw new NimbusError("account_freeze", "too many failed sign-ins", {
        metadata: { retry_after: String(Math.ceil(freezeMs / 1000)) },
      });
    }
    if (failures >= SLOW_FROM_FAILURE) {
      await this.sleep(Math.min(BASE_DELAY_MS * 2 ** (failures - SLOW_FROM_FAILURE), MAX_DELAY_MS));
    }
  }

  /** A successful sign-in forgets the account's failures. */
  async succeed(attempt: Attempt): Promise<void> {
    await this.options.db.deleteFrom("signin_guards").where("account_key", "=", attempt.accountKey).execute();
    await this.options.rateLimits.reset(`signin-fail:account:${attempt.accountKey}`);
  }

  async prune(before: number): Promise<void> {
    await this.options.db
      .deleteFrom("signin_guards")
      .where("updated_at", "<", before)
      .where((eb) => eb.or([eb("frozen_until", "is", null), eb("frozen_until", "<", before)]))
      .execute();
  }
}
