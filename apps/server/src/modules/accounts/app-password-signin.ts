import { createHash } from "node:crypto";
import { NimbusError } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import type { AppPasswords } from "../auth/app-passwords.js";
import type { AccountsRepository } from "./accounts-repository.js";
import { parseAccountName } from "./identifiers.js";
import type { Attempt, SigninGuard } from "./signin-guard.js";

/** How long a proven (account, password, address) skips the guard's counting. */
const PROVEN_TTL_MS = 5 * 60_000;
const PROVEN_MAX = 10_000;

/**
 * Sign-in with an app password (WebDAV's HTTP Basic): the account's email, phone or
 * username and one of its app passwords. Guessing is limited exactly like sign-in — the
 * same `SigninGuard` rows per account and address (in the database) and the same failure
 * counters (the RateLimitStore, Redis across nodes) — so guesses through WebDAV and through
 * the sign-in form add up. Two-step accounts use app passwords by design: each one is a
 * random secret of its own, usable only here, revocable one by one.
 *
 * Clients send the credentials with every request, so a combination that was proven right
 * recently skips the guard's writes (not the password check: a revoked password stops at
 * once, on every node).
 */
export class AppPasswordSignin {
  private readonly proven = new Map<string, number>();

  constructor(
    private readonly deps: {
      accounts: AccountsRepository;
      appPasswords: AppPasswords;
      guard: SigninGuard;
      clock: Clock;
    },
  ) {}

  /** The user the credentials prove, or `unauthenticated` (or the guard's refusal). */
  async verify(identifier: string, password: string, ip: string): Promise<string> {
    const { accounts, appPasswords, guard, clock } = this.deps;
    const name = parseAccountName(identifier);
    const user = await accounts.findByName(name);
    const key = provenKey(name.value, password, ip);
    const now = clock.now();
    const provenUntil = this.proven.get(key);
    if (user && provenUntil !== undefined && provenUntil > now) {
      if (
        user.status === "ACTIVE" &&
        user.deletion_requested_at === null &&
        (await appPasswords.verify(user.id, password, ip))
      )
        return user.id;
      this.proven.delete(key);
    }
    const attempt: Attempt = {
      accountKey: name.value,
      ip,
      deviceId: "",
      knownDevice: false,
      // No WebDAV client can show a captcha: the account-wide captcha gate would let anyone
      // lock an account's apps out with three guesses. The sources' freeze, the per-address
      // cap and the slowdown still hold, and an app password is 100 random bits.
      captchaSolved: true,
    };
    const reservation = await guard.reserve(attempt);
    // Unknown account and wrong password answer alike.
    const valid = await appPasswords.verify(user?.id ?? "", password, ip);
    if (!user || !valid) {
      await guard.fail(reservation);
      throw new NimbusError("unauthenticated", "wrong account or app password");
    }
    await guard.release(reservation);
    if (user.status !== "ACTIVE" || user.deletion_requested_at !== null) {
      throw new NimbusError("unauthenticated", "the account is not active");
    }
    this.remember(key, now + PROVEN_TTL_MS);
    return user.id;
  }

  private remember(key: string, until: number): void {
    if (this.proven.size >= PROVEN_MAX) {
      const oldest = this.proven.keys().next();
      if (!oldest.done) this.proven.delete(oldest.value);
    }
    this.proven.set(key, until);
  }
}

/** Never the password itself in memory longer than the request: a hash of the three. */
function provenKey(account: string, password: string, ip: string): string {
  return createHash("sha256").update(`${account}\n${ip}\n${password}`).digest("base64url");
}
