import { createHash } from "node:crypto";
import { NimbusError } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import { appPasswordRevocations } from "../auth/app-password-revocations.js";
import type { AppPasswords } from "../auth/app-passwords.js";
import type { AccountsRepository } from "./accounts-repository.js";
import { parseAccountName } from "./identifiers.js";
import type { Attempt, SigninGuard } from "./signin-guard.js";

/** How long a proven (account, password, address) skips the guard's counting. */
const PROVEN_TTL_MS = 5 * 60_000;
const PROVEN_MAX = 10_000;
/**
 * How long a verified (account, password, address) is taken without asking the database
 * (decision 0069): a revocation through this node ends it at once; through another node,
 * within this time.
 */
export const VERIFIED_TTL_MS = 10_000;

/**
 * Sign-in with an app password (WebDAV's HTTP Basic): the account's email, phone or
 * username and one of its app passwords. Guessing is limited exactly like sign-in — the
 * same `SigninGuard` rows per account and address (in the database) and the same failure
 * counters (the RateLimitStore, Redis across nodes) — so guesses through WebDAV and through
 * the sign-in form add up. Two-step accounts use app passwords by design: each one is a
 * random secret of its own, usable only here, revocable one by one.
 *
 * Clients send the credentials with every request, so a combination that was proven right
 * recently skips the guard's writes, and one verified in the last `VERIFIED_TTL_MS` skips the
 * database altogether (a WebDAV client's burst of small PUTs signs in once, not once a file):
 * a revocation on this node (one password, all of an account's, with its sessions) forgets
 * every verified combination at once; one on another node reaches this one within the TTL.
 */
export class AppPasswordSignin {
  private readonly proven = new Map<string, number>();
  private readonly verified = new Map<string, { userId: string; until: number; revocations: number }>();

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
    const key = provenKey(name.value, password, ip);
    const now = clock.now();
    const recent = this.verified.get(key);
    if (recent) {
      if (recent.until > now && recent.revocations === appPasswordRevocations()) return recent.userId;
      this.verified.delete(key);
    }
    const user = await accounts.findByName(name);
    const provenUntil = this.proven.get(key);
    if (user && provenUntil !== undefined && provenUntil > now) {
      if (
        user.status === "ACTIVE" &&
        user.deletion_requested_at === null &&
        (await appPasswords.verify(user.id, password, ip))
      ) {
        this.rememberVerified(key, user.id, now);
        return user.id;
      }
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
    this.rememberVerified(key, user.id, now);
    return user.id;
  }

  private rememberVerified(key: string, userId: string, now: number): void {
    if (this.verified.size >= PROVEN_MAX) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(key, { userId, until: now + VERIFIED_TTL_MS, revocations: appPasswordRevocations() });
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
