import { randomBytes } from "node:crypto";
import {
  NimbusError,
  RECOVERY_CODE_COUNT,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { UserRow } from "../users/users-repository.js";
import type { AccountsRepository } from "./accounts-repository.js";
import { keyedHash } from "./secrets.js";
import { matchTotpStep, newTotpSecret, otpauthUri, qrCodeDataUrl } from "./totp.js";

const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A proof of the second factor: a TOTP code or an unused recovery code. */
export interface SecondFactor {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

export interface TwoFactorDeps {
  db: Db;
  accounts: AccountsRepository;
  clock: Clock;
  secretKey: string;
}

/**
 * TOTP two-factor (RFC 6238): enrolment (a pending secret, confirmed by a first
 * code), ten one-time recovery codes stored keyed-hashed and shown once, checks at
 * sign-in (each time step accepted once), and turning it off.
 */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  isEnabled(user: UserRow): boolean {
    return Boolean(user.totp_secret && user.totp_enabled_at);
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const user = await this.user(userId);
    const remaining = await this.deps.db
      .selectFrom("recovery_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return {
      enabled: this.isEnabled(user),
      enabled_at: user.totp_enabled_at ? isoTime(user.totp_enabled_at) : "",
      recovery_codes_remaining: this.isEnabled(user) ? Number(remaining.n) : 0,
    };
  }

  /** A new pending secret (replacing any earlier pending one); two-factor stays as it was until confirmed. */
  async startEnrolment(userId: string): Promise<TwoFactorEnrolment> {
    const user = await this.user(userId);
    if (this.isEnabled(user)) {
      throw new NimbusError("failed_precondition", "two-factor is already on; turn it off first");
    }
    const secret = newTotpSecret();
    await this.deps.accounts.update(userId, { totp_pending_secret: secret }, this.deps.clock.now());
    const uri = otpauthUri(secret, user.email || user.phone || user.username || user.id);
    return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
  }

  /** Turns two-factor on with a first code from the pending secret; answers the recovery codes. */
  async confirmEnrolment(userId: string, code: string): Promise<string[]> {
    const user = await this.user(userId);
    if (this.isEnabled(user)) throw new NimbusError("failed_precondition", "two-factor is already on");
    if (!user.totp_pending_secret) throw new NimbusError("failed_precondition", "start the enrolment first");
    const now = this.deps.clock.now();
    const step = matchTotpStep(user.totp_pending_secret, code, now);
    if (step === undefined) throw new NimbusError("invalid_two_factor");
    await this.deps.accounts.update(
      userId,
      {
        totp_secret: user.totp_pending_secret,
        totp_pending_secret: null,
        totp_enabled_at: now,
        totp_last_step: step,
      },
      now,
    );
    return this.replaceRecoveryCodes(userId);
  }

  /** A fresh set of recovery codes (the old ones stop working), proven by a current code. */
  async regenerateRecoveryCodes(userId: string, code: string): Promise<string[]> {
    const user = await this.user(userId);
    if (!this.isEnabled(user)) throw new NimbusError("failed_precondition", "two-factor is off");
    await this.verify(user, { code });
    return this.replaceRecoveryCodes(userId);
  }

  async disable(userId: string, proof: SecondFactor): Promise<void> {
    const user = await this.user(userId);
    if (!this.isEnabled(user)) throw new NimbusError("failed_precondition", "two-factor is off");
    await this.verify(user, proof);
    await this.turnOff(userId);
  }

  /**
   * Turns two-factor off without a proof (an admin's reset for someone who lost their
   * authenticator): the secret, a pending enrolment and the recovery codes go. Answers
   * whether it was on.
   */
  async reset(userId: string): Promise<boolean> {
    const wasOn = this.isEnabled(await this.user(userId));
    await this.turnOff(userId);
    return wasOn;
  }

  private async turnOff(userId: string): Promise<void> {
    await this.deps.accounts.update(
      userId,
      { totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null },
      this.deps.clock.now(),
    );
    await this.deps.db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  }

  /**
   * Checks a second factor: a TOTP code (`invalid_two_factor`, also for a code already
   * used) or a recovery code, spent by this call (`invalid_two_factor_recovery`).
   */
  async verify(user: UserRow, proof: SecondFactor): Promise<void> {
    if (proof.recoveryCode) {
      if (!(await this.spendRecoveryCode(user.id, proof.recoveryCode))) {
        throw new NimbusError("invalid_two_factor_recovery");
      }
      return;
    }
    const step =
      user.totp_secret && proof.code
        ? matchTotpStep(user.totp_secret, proof.code, this.deps.clock.now())
        : undefined;
    if (step === undefined || !(await this.deps.accounts.acceptTotpStep(user.id, step))) {
      throw new NimbusError("invalid_two_factor");
    }
  }

  private async spendRecoveryCode(userId: string, given: string): Promise<boolean> {
    const hash = keyedHash(this.deps.secretKey, normalizeRecoveryCode(given));
    const result = await this.deps.db
      .updateTable("recovery_codes")
      .set({ used_at: this.deps.clock.now() })
      .where("user_id", "=", userId)
      .where("code_hash", "=", hash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async replaceRecoveryCodes(userId: string): Promise<string[]> {
    const now = this.deps.clock.now();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
      await trx
        .insertInto("recovery_codes")
        .values(
          codes.map((code) => ({
            id: newId(now),
            user_id: userId,
            code_hash: keyedHash(this.deps.secretKey, normalizeRecoveryCode(code)),
            used_at: null,
            created_at: now,
          })),
        )
        .execute();
    });
    return codes;
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await this.deps.accounts.findById(userId);
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
    return user;
  }
}

/** `xxxxx-xxxxx`: 50 random bits in an alphabet without look-alike letters. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = "";
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[(bytes[i] as number) % 32];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^0-9a-z]/g, "");
}
