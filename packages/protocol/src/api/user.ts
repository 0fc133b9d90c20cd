import { z } from "zod";
import { LOCALES } from "../locales.js";
import { userVipSchema } from "./membership.js";

export * from "./user-settings.js";

/**
 * A sign-in method linked to the account: `email`, `phone`, or another provider's id
 * (`GET /v1/auth/providers`) with that provider's subject for the person.
 */
export const userProviderSchema = z.object({
  id: z.string(),
  provider_user_id: z.string(),
});
export type UserProvider = z.infer<typeof userProviderSchema>;

/**
 * `GET /v1/user/me`: the signed-in user's profile (reference API shape plus what the
 * web's user info record of spec §3 needs: `password` → haveSetPassword, `picture` →
 * avatar, two-factor state for the security page).
 */
export const userMeSchema = z.object({
  sub: z.string(),
  name: z.string(),
  /** '' when the account was made with a phone number. */
  email: z.string(),
  /** E.164, '' when none. */
  phone_number: z.string(),
  /** Avatar URL (256 px square WebP; `?size=48|96|256`), '' when none. */
  picture: z.string(),
  /** "set" when the account has a password (spec §3), else "unset". */
  password: z.enum(["set", "unset"]),
  providers: z.array(userProviderSchema),
  /** ACTIVE, PENDING, BLOCKED, … */
  status: z.string(),
  /** The account's locale (mail, pages); one of the 11 locales. */
  locale: z.string(),
  two_factor_enabled: z.boolean(),
  /** ISO 8601 time the account is deleted unless sign-in cancels it; '' when none is scheduled. */
  deletion_scheduled_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Membership (premium, expire, vipItem, storage limit and usage, overStorageLimit); absent from older servers. */
  vip: userVipSchema.optional(),
});
export type UserMe = z.infer<typeof userMeSchema>;

/** `PATCH /v1/user/me`: fields left out stay as they are. Answers the new `UserMe`. */
export const updateMeRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(64).optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

/**
 * `POST /v1/user/me/avatar`: the image itself as the body, `Content-Type: image/png`,
 * `image/jpeg`, `image/webp`, `image/gif` or `image/avif`, at most `AVATAR_MAX_BYTES`.
 * Answers the new `UserMe` (its `picture` changed). `DELETE` removes the avatar.
 */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZES = [48, 96, 256] as const;
export const AVATAR_CONTENT_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "image/avif",
] as const;

/** `GET /v1/user/avatars/{user_id}/{version}?size=`: the WebP image (public, immutable). */
export const avatarParamsSchema = z.object({
  user_id: z.string().min(1).max(64),
  version: z.string().min(1).max(64),
});
export const avatarQuerySchema = z.object({
  size: z.coerce
    .number()
    .int()
    .refine((size) => (AVATAR_SIZES as readonly number[]).includes(size), "one of 48, 96, 256")
    .optional(),
});

/**
 * `POST /v1/user/me/password`: `old_password` is required when a password is set and
 * ignored when none is (setting a first password). Every other session of the user
 * ends; the calling one stays.
 */
export const changePasswordRequestSchema = z.object({
  old_password: z.string().max(128).optional(),
  new_password: z.string().min(8).max(128),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export const changePasswordResponseSchema = z.object({
  /** How many other sessions ended. */
  revoked_sessions: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** Mail scenes a person can unsubscribe from (security mail has none). */
export const MAIL_SCENES = ["marketing", "activity", "product_updates"] as const;
export type MailScene = (typeof MAIL_SCENES)[number];

/**
 * `GET /drive/v1/mail/unsubscribe?d=` (no sign-in): what a mail's unsubscribe link
 * names — the user info record's `unsubscribeInfo` — and whether it is already done.
 * `POST` with `{d}` unsubscribes; `{d, subscribe: true}` undoes it.
 */
export const unsubscribeQuerySchema = z.object({ d: z.string().min(1).max(1024) });
export const unsubscribeRequestSchema = z.object({
  d: z.string().min(1).max(1024),
  subscribe: z.boolean().optional(),
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;
export const unsubscribeInfoSchema = z.object({
  email: z.string(),
  scene: z.string(),
  d: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const userSettingsSchema = z.object({
  SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS: z.boolean(),
  defaultFolderBasedOnPlatform: z.boolean(),
  filterFilesWhenCreate: z.boolean(),
  displaySensitiveShare: z.boolean(),
  autoIdentifyShareCode: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** `PATCH /v1/user/settings`: the settings to change; unknown names are refused. */
export const updateUserSettingsRequestSchema = userSettingsSchema.partial().strict();
export type UpdateUserSettingsRequest = z.infer<typeof updateUserSettingsRequestSchema>;
