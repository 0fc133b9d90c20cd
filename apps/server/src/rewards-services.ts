import { campaignPriceSpans, moveCampaignPrices } from "./modules/payments/catalogue.js";
import { ActivationCodes } from "./modules/rewards/activation-codes.js";
import { Campaigns, Compensations } from "./modules/rewards/campaigns.js";
import { CheckIns } from "./modules/rewards/check-ins.js";
import { Invites } from "./modules/rewards/invites.js";
import type { Shared } from "./services.js";

export interface RewardsServices {
  activationCodes: ActivationCodes;
  invites: Invites;
  checkIns: CheckIns;
  campaigns: Campaigns;
  compensations: Compensations;
}

/** `wireRewards`: activation codes, invites and free days, check-in, campaigns and compensation. */
export function wireRewards(shared: Shared): RewardsServices {
  const { db, clock, config, rateLimits } = shared;
  const rewards = config.rewards;
  return {
    activationCodes: new ActivationCodes({
      db,
      clock,
      secretKey: config.secretKey,
      rateLimits,
      failuresPerHour: rewards.codeFailuresPerHour,
    }),
    invites: new Invites(db, clock, rewards, config.publicUrl),
    checkIns: new CheckIns(db, clock, rewards),
    campaigns: new Campaigns({
      db,
      clock,
      adminLog: shared.adminLog,
      configured: rewards.campaigns,
      prices: { move: moveCampaignPrices, spans: campaignPriceSpans },
    }),
    compensations: new Compensations(db, clock, rewards),
  };
}
