import { NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { hashOpaqueToken, newOpaqueToken } from "../../lib/opaque-token.js";

/** Seconds between a proven first factor and the second one. */
export const TWO_FACTOR_TOKEN_TTL_S = 5 * 60;

export interface PendingSignin {
  userId: string;
  clientId: string;
  accountKey: string;
}

/**
 * The second step of a sign-in: once the first factor is proven, a short-lived token
 * (in the `two_factor_required` error's metadata) stands for it, so the client need not
 * keep the password and a spent verification code still counts. It stays valid through
 * wrong codes (the sign-in guard counts those) and is spent by the sign-in it completes.
 */
export class TwoFactorTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async issue(pending: PendingSignin): Promise<string> {
    const now = this.clock.now();
    const token = newOpaqueToken("tf");
    await this.db
      .insertInto("two_factor_tokens")
      .values({
        token_hash: hashOpaqueToken(token),
        user_id: pending.userId,
        client_id: pending.clientId,
        account_key: pending.accountKey,
        expires_at: now + TWO_FACTOR_TOKEN_TTL_S * 1000,
        used_at: null,
        created_at: now,
      })
      .execute();
    return token;
  }

  /** The pending sign-in of a live token, or `invalid_grant` (sign in again). */
  async find(token: string): Promise<PendingSignin> {
    const row = await this.db
      .selectFrom("two_factor_tokens")
      .selectAll()
      .where("token_hash", "=", hashOpaqueToken(token))
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= this.clock.now()) {
      throw new NimbusError("invalid_grant", "the two-factor step expired: sign in again");
    }
    return { userId: row.user_id, clientId: row.client_id, accountKey: row.account_key };
  }

  async spend(token: string): Promise<void> {
    const result = await this.db
      .updateTable("two_factor_tokens")
      .set({ used_at: this.clock.now() })
      .where("token_hash", "=", hashOpaqueToken(token))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1)
      throw new NimbusError("invalid_grant", "the two-factor step was used");
  }

  async prune(before: number): Promise<void> {
    await this.db.deleteFrom("two_factor_tokens").where("expires_at", "<", before).execute();
  }
}
