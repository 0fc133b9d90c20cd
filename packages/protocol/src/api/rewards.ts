import { z } from "zod";
import { currencySchema } from "./membership.js";

/**
 * Membership rewards (spec §4 referral, §7 the vip calls): activation codes, invites and
 * free days, the daily check-in, campaigns and compensation. Each reward is granted
 * once; what it grants feeds the membership (premium days, storage, traffic).
 */

/** What a reward grants; an amount left out is none. */
export const rewardGrantsSchema = z.object({
  premium_days: z.number().int().min(1).max(3660).optional(),
  storage_bytes: z.number().int().min(1).optional(),
  traffic_bytes: z.number().int().min(1).optional(),
});
export type RewardGrants = z.infer<typeof rewardGrantsSchema>;

/** An IANA time zone name (`Europe/Berlin`), checked by the server. */
const timeZoneSchema = z.string().min(1).max(64);

export const redeemCodeRequestSchema = z.object({
  activation_code: z.string().min(1).max(64),
  data: z.record(z.string(), z.unknown()).optional(),
});
export const redeemCodeResponseSchema = z.object({
  grants: rewardGrantsSchema,
  /** The premium expiry after the grant (RFC 3339), once the membership answers it. */
  expire: z.string().optional(),
});
export type RedeemCodeResponse = z.infer<typeof redeemCodeResponseSchema>;

export const createCodesRequestSchema = z.object({
  count: z.number().int().min(1).max(10_000),
  grants: rewardGrantsSchema,
  /** RFC 3339; after it the codes no longer redeem. */
  expires_time: z.iso.datetime({ offset: true }).optional(),
  note: z.string().max(200).default(""),
});
export const createCodesResponseSchema = z.object({
  batch_id: z.string(),
  /** The plain codes, `XXXX-XXXX-XXXX-XXXX`; the batch export shows them again. */
  codes: z.array(z.string()),
});

export const codeBatchSchema = z.object({
  batch_id: z.string(),
  note: z.string(),
  grants: rewardGrantsSchema,
  code_count: z.number().int(),
  redeemed_count: z.number().int(),
  expires_time: z.string().nullable(),
  created_time: z.string(),
  revoked_time: z.string().nullable(),
});
export const codeBatchListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page_token: z.string().max(200).optional(),
});
/** Newest first; `next_page_token` is "" on the last page. */
export const codeBatchListSchema = z.object({
  batches: z.array(codeBatchSchema),
  next_page_token: z.string(),
});
export const codeBatchParamsSchema = z.object({ batch_id: z.string().min(1).max(64) });
export const revokeCodesResponseSchema = z.object({ batch_id: z.string(), revoked_count: z.number().int() });

/** The invite activity call after sign-in (spec §4): where the user came from. */
export const inviteRequestSchema = z.object({
  from: z.string().max(64).optional(),
  rr: z.string().max(2048).optional(),
  tf: z.string().max(256).optional(),
  rf: z.string().max(4096).optional(),
});
export const inviteResponseSchema = z.object({ free_days: z.number().int().min(0) });
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const invitePageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page_token: z.string().max(200).optional(),
});
export const invitePageSchema = z.object({
  invite_code: z.string(),
  invite_url: z.string(),
  /** Free days the inviter earns for each friend. */
  reward_days: z.number().int(),
  invited: z.array(
    z.object({
      /** Masked: `al***@example.com`. */
      user_name: z.string(),
      created_time: z.string(),
      /** Days this friend earned the inviter (0 over the monthly cap). */
      free_days: z.number().int(),
    }),
  ),
  total_free_days: z.number().int(),
  next_page_token: z.string(),
});
export type InvitePageResponse = z.infer<typeof invitePageSchema>;

export const checkInRewardSchema = z.object({
  day: z.number().int().min(1).max(7),
  kind: z.enum(["traffic", "premium_day"]),
  /** Bytes of traffic, or premium days. */
  amount: z.number().int(),
});
export const taskStatusQuerySchema = z.object({
  scene: z.enum(["check_in"]),
  time_zone: timeZoneSchema.optional(),
});
export const taskStatusSchema = z.object({
  scene: z.literal("check_in"),
  streak: z.number().int(),
  checked_in_today: z.boolean(),
  today: z.object({ day: z.number().int().min(1).max(7), reward: checkInRewardSchema }),
  rewards: z.array(checkInRewardSchema),
  /** When the next check-in opens (RFC 3339). */
  next_reset_time: z.string(),
  /** The time zone the days are counted in. */
  time_zone: z.string(),
});
export type TaskStatusResponse = z.infer<typeof taskStatusSchema>;

export const rewardVipRequestSchema = z.object({
  type: z.enum(["check_in"]),
  data: z.object({ time_zone: timeZoneSchema.optional() }).optional(),
});
export const rewardVipResponseSchema = z.object({ reward: checkInRewardSchema, streak: z.number().int() });
export type RewardVipResponse = z.infer<typeof rewardVipResponseSchema>;

/**
 * `GET /vip/v1/campaigns?scope=all`: every configured campaign, live or not (default: live
 * ones), each with the prices it charges in `currency` (default USD), as the plans page does.
 */
export const campaignListQuerySchema = z.object({
  scope: z.enum(["live", "all"]).optional(),
  currency: currencySchema.optional(),
});

/** One product's campaign price beside its list price (minor units). */
export const campaignOfferSchema = z.object({
  product_id: z.string(),
  kind: z.enum(["plan", "storage_pack", "traffic_pack"]),
  period: z.enum(["month", "year"]).optional(),
  currency: z.string(),
  amount: z.number().int(),
  original_amount: z.number().int(),
});
export type CampaignOffer = z.infer<typeof campaignOfferSchema>;

export const campaignListSchema = z.object({
  campaigns: z.array(
    z.object({
      /** This run's id (a yearly campaign's carries its year: `black_friday_2027`). */
      id: z.string(),
      start_time: z.string(),
      /** The window ends before this instant: the last day is the day before it (UTC). */
      end_time: z.string(),
      offers: z.array(campaignOfferSchema),
    }),
  ),
});
export type CampaignListResponse = z.infer<typeof campaignListSchema>;

export const compensateRequestSchema = z.object({ type: z.string().min(1).max(64) });
export const compensateResponseSchema = z.object({
  type: z.string(),
  grants: rewardGrantsSchema,
});
export type CompensateResponse = z.infer<typeof compensateResponseSchema>;

export const verifyRecaptchaRequestSchema = z.object({
  token: z.string().min(1).max(4096),
  /** The captcha action (`METHOD:/path`) the token must be for, if given. */
  action: z.string().max(300).optional(),
});
export const verifyRecaptchaResponseSchema = z.object({
  success: z.boolean(),
  /** 1 for a token earned through a solved challenge, 0.5 for one given at once. */
  score: z.number().optional(),
});
