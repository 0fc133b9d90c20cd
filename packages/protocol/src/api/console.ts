import { z } from "zod";
import { SHARE_REPORT_REASONS } from "../shares.js";
import { int64String } from "./common.js";

/**
 * The admin console's own calls (decision 0036): users, the admin log, the dashboard,
 * and the public transparency report built from stored moderation data.
 */

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page_token: z.string().max(2048).optional(),
};

/** `GET /admin/v1/users`: accounts whose email, phone, username, name or id contain `q`. */
export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(200).default(""),
  status: z.enum(["ACTIVE", "BLOCKED", "PENDING"]).optional(),
  ...pageQuery,
});

export const adminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  phone: z.string(),
  username: z.string(),
  name: z.string(),
  status: z.string(),
  role: z.string(),
  storage_usage: int64String,
  premium: z.boolean(),
  create_time: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserListSchema = z.object({
  data: z.array(adminUserSummarySchema),
  next_page_token: z.string(),
});

export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  /** An admin by role or by `ADMIN_EMAILS`: the console cannot delete them. */
  is_admin: z.boolean(),
  storage_limit: int64String,
  premium_expires: z.string(),
  two_factor: z.boolean(),
  file_count: int64String,
  share_count: int64String,
  sessions: z.array(
    z.object({
      id: z.string(),
      client_id: z.string(),
      device_id: z.string(),
      ip: z.string(),
      create_time: z.string(),
      last_used_time: z.string(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** The longest premium an admin grants in one go (ten years). */
export const ADMIN_PREMIUM_MAX_DAYS = 3650;

/** `POST /admin/v1/users/{id}:grant_premium`: days of premium, added to the current expiry. */
export const adminGrantPremiumRequestSchema = z.object({
  days: z.number().int().min(1).max(ADMIN_PREMIUM_MAX_DAYS),
});

/**
 * `POST /admin/v1/users/{id}:delete`: `confirm` repeats the account's email (or, without
 * one, its phone, username or id), as the person typed it in the console.
 */
export const adminDeleteUserRequestSchema = z.object({ confirm: z.string().trim().min(1).max(320) });
export const adminDeleteUserResponseSchema = z.object({ id: z.string(), deleted: z.boolean() });

/** `GET /admin/v1/actions`: the admin log, newest first, read-only. */
export const adminActionListQuerySchema = z.object({
  action: z.string().trim().max(64).optional(),
  admin_user_id: z.string().trim().max(64).optional(),
  ...pageQuery,
});
export const adminActionSchema = z.object({
  id: z.string(),
  admin_user_id: z.string(),
  admin_email: z.string(),
  action: z.string(),
  target: z.string(),
  /** The target account's email when the target is an account ('' otherwise). */
  target_email: z.string().optional(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  create_time: z.string(),
});
export type AdminAction = z.infer<typeof adminActionSchema>;
export const adminActionListSchema = z.object({
  data: z.array(adminActionSchema),
  next_page_token: z.string(),
});

/** `GET /admin/v1/dashboard`: the server at a glance. */
export const adminDashboardSchema = z.object({
  users: z.object({ total: z.number(), active: z.number(), blocked: z.number(), premium: z.number() }),
  storage: z.object({ used: int64String, stored: int64String, saved_by_dedup: int64String }),
  jobs: z.array(z.object({ state: z.string(), count: z.number() })),
  tasks: z.array(z.object({ phase: z.string(), count: z.number() })),
  recent_errors: z.array(
    z.object({ source: z.string(), id: z.string(), type: z.string(), error: z.string(), time: z.string() }),
  ),
  open_reports: z.number(),
  open_feedback: z.number(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** `GET /drive/v1/statistics/pub/transparency`: public, aggregated moderation figures of one period. */
export const transparencyQuerySchema = z.object({
  /** A calendar year (UTC); all time when left out. */
  year: z.coerce.number().int().min(2000).max(9999).optional(),
});
export const transparencyReportSchema = z.object({
  /** `all` or the year. */
  period: z.string(),
  /** Years that hold moderation data, newest first. */
  years: z.array(z.number()),
  reports: z.array(
    z.object({ reason: z.enum(SHARE_REPORT_REASONS), received: z.number(), actioned: z.number() }),
  ),
  shares_blocked: z.number(),
  contents_blocked: z.number(),
  accounts_actioned: z.number(),
  /** Median time from a report to the action on it, in seconds; null when none was actioned. */
  median_seconds_to_action: z.number().nullable(),
});
export type TransparencyReport = z.infer<typeof transparencyReportSchema>;
