import { z } from "zod";

/**
 * The captcha shield (spec §3, §4, §7). A client asks
 * `POST /v1/shield/captcha/init` for a token before an action that needs one; the
 * server answers a `captcha_token` at once, or a challenge `url` a person must pass
 * first (the challenge page then redirects to an address carrying `captcha_token`
 * and `expires_in` in its query). The token goes in `x-captcha-token`.
 */

export const CAPTCHA_TOKEN_HEADER = "x-captcha-token";
export const CAPTCHA_CHALLENGE_PATH = "/v1/shield/challenge";
/** Where the challenge page redirects on success (the web's `/loading` page). */
export const CAPTCHA_REDIRECT_PATH = "/loading";

/** `METHOD:/path`, e.g. `POST:/v1/auth/signin`. */
export const captchaActionSchema = z
  .string()
  .min(3)
  .max(300)
  .regex(/^[A-Z]+:\/\S*$/, "must be METHOD:/path")
  .describe("METHOD:/path of the call the token is for");

/**
 * For sign-in: `{email|phone_number|username}`; otherwise the captcha signature
 * metadata `{captcha_sign, client_version, package_name, user_id, timestamp}`.
 */
export const captchaMetaSchema = z.object({
  email: z.string().max(254).optional(),
  phone_number: z.string().max(32).optional(),
  username: z.string().max(254).optional(),
  captcha_sign: z.string().max(200).optional(),
  client_version: z.string().max(64).optional(),
  package_name: z.string().max(200).optional(),
  user_id: z.string().max(64).optional(),
  timestamp: z.string().max(32).optional(),
  /** On a share page: the share whose passcode is being tried. */
  share_id: z.string().max(64).optional(),
});
export type CaptchaInitMeta = z.infer<typeof captchaMetaSchema>;

export const captchaInitRequestSchema = z.object({
  client_id: z.string().min(1).max(64),
  action: captchaActionSchema,
  /** 32 hex characters in the real clients; any short opaque id is accepted. */
  device_id: z.string().min(1).max(128),
  /** The previous token, if any (refused or about to expire). */
  captcha_token: z.string().max(1024).optional(),
  meta: captchaMetaSchema.optional(),
});
export type CaptchaInitRequest = z.infer<typeof captchaInitRequestSchema>;

/** Either `captcha_token` (low risk: at once) or `url` (pass the challenge there first). */
export const captchaInitResponseSchema = z.object({
  captcha_token: z.string().optional(),
  /** Seconds the token (or the challenge) stays valid. */
  expires_in: z.number().int(),
  url: z.string().optional(),
});
export type CaptchaInitResponse = z.infer<typeof captchaInitResponseSchema>;

/** `GET /v1/shield/challenge?c=…&lang=…&theme=…`: the challenge page (HTML). */
export const captchaChallengeQuerySchema = z.object({
  /** The signed challenge ticket from the init answer's `url`. */
  c: z.string().min(1).max(2048),
  lang: z.string().max(16).optional(),
  theme: z.enum(["light", "dark", "system"]).optional(),
});
export type CaptchaChallengeQuery = z.infer<typeof captchaChallengeQuerySchema>;

/**
 * `POST /v1/shield/challenge/verify {c, payload}`: the solved proof of work (ALTCHA's
 * base64 payload) for a ticket → the token and the address to redirect to.
 */
export const captchaVerifyRequestSchema = z.object({
  c: z.string().min(1).max(2048),
  payload: z.string().min(1).max(4096),
});
export type CaptchaVerifyRequest = z.infer<typeof captchaVerifyRequestSchema>;

export const captchaVerifyResponseSchema = z.object({
  captcha_token: z.string(),
  expires_in: z.number().int(),
  /** `/loading?captcha_token=…&expires_in=…` — the challenge page goes there. */
  redirect: z.string(),
});
export type CaptchaVerifyResponse = z.infer<typeof captchaVerifyResponseSchema>;
