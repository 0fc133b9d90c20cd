import type { RewardGrants } from "@nimbus/protocol";
import type { RewardAmounts } from "../../../modules/rewards/reward-grants.js";

/** A reward's amounts in the API's shape (`premium_days`, `storage_bytes`, `traffic_bytes`). */
export function grantsBody(amounts: RewardAmounts): RewardGrants {
  return {
    ...(amounts.premiumDays ? { premium_days: amounts.premiumDays } : {}),
    ...(amounts.storageBytes ? { storage_bytes: amounts.storageBytes } : {}),
    ...(amounts.trafficBytes ? { traffic_bytes: amounts.trafficBytes } : {}),
  };
}
