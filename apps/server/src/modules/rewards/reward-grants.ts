import type { Transaction } from "kysely";
import type { Tables } from "../../db/schema.js";
import { grant } from "../membership/entitlements.js";
import { PREMIUM_TYPE } from "../membership/ledger.js";

/** Where a reward came from (the entitlements ledger's `source`). */
export type RewardSource = "activation_code" | "invite" | "check_in" | "campaign" | "compensation";

/** What one reward grants; a missing amount is none. */
export interface RewardAmounts {
  premiumDays?: number;
  storageBytes?: number;
  trafficBytes?: number;
}

export interface RewardGrant extends RewardAmounts {
  userId: string;
  source: RewardSource;
  /** Unique per reward: a replayed claim with the same reference grants nothing more. */
  sourceRef: string;
}

/** How long storage and traffic a reward grants last (premium days stack on the premium chain). */
export const REWARD_PACK_DAYS = 30;

/**
 * Writes what a reward grants into the entitlements ledger, inside the claim's
 * transaction, once per `(source, sourceRef)`: premium days extend the user's premium,
 * storage and traffic last `REWARD_PACK_DAYS`. Answers false when that reference was
 * granted before.
 */
export async function grantReward(
  trx: Transaction<Tables>,
  reward: RewardGrant,
  now: number,
): Promise<boolean> {
  const premiumDays = reward.premiumDays ?? 0;
  const { granted } = await grant(trx, {
    userId: reward.userId,
    source: reward.source,
    sourceRef: reward.sourceRef,
    premiumType: premiumDays > 0 ? PREMIUM_TYPE : null,
    premiumDays,
    storageBytes: reward.storageBytes ?? 0,
    trafficBytes: reward.trafficBytes ?? 0,
    validDays: REWARD_PACK_DAYS,
    now,
  });
  return granted;
}
