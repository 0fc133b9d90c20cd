import { z } from "zod";

/**
 * The admin console's commerce and moderation lists (decision 0043): the sensitive-word
 * list of the share check, and the catalogue's products with their prices.
 */

/** `GET /admin/v1/sensitive-words`: stored words containing `q`, in order. */
export const sensitiveWordListQuerySchema = z.object({
  q: z.string().trim().max(100).default(""),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page_token: z.string().max(2048).optional(),
});

export const sensitiveWordSchema = z.object({ word: z.string(), create_time: z.string() });

export const sensitiveWordListSchema = z.object({
  data: z.array(sensitiveWordSchema),
  next_page_token: z.string(),
  /** The words of `SHARE_SENSITIVE_WORDS` (the console shows them; only configuration removes them). */
  configured: z.array(z.string()),
});

/** Add or remove one word (trimmed, compared lower-cased). */
export const sensitiveWordRequestSchema = z.object({ word: z.string().trim().min(1).max(100) });

export const adminProductSchema = z.object({
  id: z.string(),
  /** plan | storage_pack | traffic_pack */
  kind: z.string(),
  name_key: z.string(),
  /** False for a product the catalogue no longer sells (orders still name it). */
  active: z.boolean(),
  prices: z.array(
    z.object({
      currency: z.string(),
      /** Minor units (cents; yen have none). */
      amount: z.number().int(),
      /** Set in the console: the start-up catalogue seed keeps it. */
      edited: z.boolean(),
    }),
  ),
  campaigns: z.array(
    z.object({
      campaign_id: z.string(),
      currency: z.string(),
      amount: z.number().int(),
      start_time: z.string(),
      end_time: z.string(),
    }),
  ),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductListSchema = z.object({ data: z.array(adminProductSchema) });

export const productParamsSchema = z.object({ product_id: z.string().min(1).max(64) });

/** A list price in minor units, at most 100,000,000 (a million dollars). */
export const setPriceRequestSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.number().int().min(0).max(100_000_000),
});

/** A campaign's window: where it applies (its activity pages, its catalogue prices) and whether an admin set it. */
export const adminCampaignSchema = z.object({
  id: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  pages: z.boolean(),
  prices: z.boolean(),
  edited: z.boolean(),
});
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;

export const adminCampaignListSchema = z.object({ data: z.array(adminCampaignSchema) });

export const campaignParamsSchema = z.object({ campaign_id: z.string().min(1).max(64) });

/** RFC 3339; the window holds from `start_time` until (not including) `end_time`. */
export const setCampaignWindowRequestSchema = z.object({
  start_time: z.iso.datetime({ offset: true }),
  end_time: z.iso.datetime({ offset: true }),
});
