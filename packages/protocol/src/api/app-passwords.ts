import { z } from "zod";

/** How many app passwords one account may hold at once. */
export const APP_PASSWORD_LIMIT = 50;

/**
 * App passwords: each app a user connects over WebDAV (Finder, Explorer, rclone, a media
 * player) gets a password of its own, usable only there, even on an account with two-step
 * sign-in. The password is answered once, when it is created.
 */
export const createAppPasswordRequestSchema = z.object({
  /** What the user calls the app, e.g. "Living-room TV". */
  name: z.string().trim().min(1).max(64),
});
export type CreateAppPasswordRequest = z.infer<typeof createAppPasswordRequestSchema>;

export const createdAppPasswordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The password, shown this once: four groups of five letters and digits. */
  password: z.string(),
  /** ISO 8601. */
  created_time: z.string(),
});
export type CreatedAppPassword = z.infer<typeof createdAppPasswordSchema>;

export const appPasswordInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 8601. */
  created_time: z.string(),
  /** ISO 8601; '' before its first use; updated at most once a minute. */
  last_used_time: z.string(),
  /** The address of the last use ('' before it). */
  last_ip: z.string(),
});
export type AppPasswordInfo = z.infer<typeof appPasswordInfoSchema>;

/** `GET /v1/user/me/app_passwords`, newest first; never the passwords. */
export const appPasswordListSchema = z.object({ app_passwords: z.array(appPasswordInfoSchema) });
export type AppPasswordList = z.infer<typeof appPasswordListSchema>;

export const appPasswordParamsSchema = z.object({ id: z.string().min(1).max(64) });
