import { z } from "zod";
import { emailSchema, passwordSchema } from "./auth.js";

/**
 * Accounts: verification codes, sign-up, sign-in (password, code, second factor),
 * password reset, change of email, two-factor enrolment and account deletion.
 * Field names follow the real service's public clients (`reference/pikpak-api.md`).
 */

/** What a code is for; a token verified for one usage is refused by the others. */
export const VERIFICATION_USAGES = [
  "REGISTER",
  "SIGN_IN",
  "RESET_PASSWORD",
  "CHANGE_EMAIL",
  "DELETE_ACCOUNT",
] as const;
export type VerificationUsage = (typeof VERIFICATION_USAGES)[number];

export const VERIFICATION_CODE_LENGTH = 6;
/** Seconds a sent code can be verified, and seconds before the same target gets another. */
export const VERIFICATION_CODE_TTL_S = 10 * 60;
export const VERIFICATION_RESEND_COOLDOWN_S = 60;
/** Seconds a deletion request can be cancelled by signing in with `cancel_deletion`. */
export const ACCOUNT_DELETION_GRACE_S = 7 * 24 * 60 * 60;
export const RECOVERY_CODE_COUNT = 10;

/** E.164-ish: an optional +, then digits with spaces, dashes or brackets; stored as `+digits`. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,22}$/, "a phone number in international format, e.g. +15551234567");
/** 3–32 characters, starting with a letter (so it never reads as a phone number or email). */
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, "3–32 letters, digits, _ . -, starting with a letter");
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "6 digits");
const clientIdSchema = z.string().min(1).max(64);
const tokenSchema = z.string().min(1).max(512);

/** Exactly one of `email` or `phone_number`. */
function oneTarget(value: { email?: string | undefined; phone_number?: string | undefined }): boolean {
  return Boolean(value.email) !== Boolean(value.phone_number);
}
const ONE_TARGET = { message: "give exactly one of email or phone_number", path: ["email"] };

// ---------------------------------------------------------------- verification codes

/**
 * `POST /v1/auth/verification`: sends a 6-digit code. Answers alike whether or not an
 * account exists for the target (REGISTER and SIGN_IN always send; RESET_PASSWORD to an
 * unknown target sends nothing). CHANGE_EMAIL and DELETE_ACCOUNT need a signed-in caller;
 * DELETE_ACCOUNT goes to the caller's own email or phone, so its target may be omitted.
 * Another code for the same target and usage within 60 s answers `too_many_requests`
 * (ErrorInfo metadata `retry_after` in seconds, and `verification_id` of the code already
 * sent while it can still be verified).
 */
export const verificationRequestSchema = z
  .object({
    client_id: clientIdSchema.optional(),
    email: emailSchema.optional(),
    phone_number: phoneNumberSchema.optional(),
    /** `ANY` (the public clients' value) or `USER` (the signed-in caller's own email or phone). */
    target: z.enum(["ANY", "USER"]).default("ANY"),
    usage: z.enum(VERIFICATION_USAGES),
  })
  .refine((value) => value.target === "USER" || oneTarget(value), ONE_TARGET);
export type VerificationRequest = z.input<typeof verificationRequestSchema>;

export const verificationResponseSchema = z.object({
  verification_id: z.string(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
  /** Seconds before another code can be sent to this target. */
  resend_in: z.number().int(),
});
export type VerificationResponse = z.infer<typeof verificationResponseSchema>;

/**
 * `POST /v1/auth/verification/verify`: a wrong code answers `invalid_verification_code`
 * (5 tries per code, then the code is spent), a late one `expired_verification_code`.
 */
export const verifyRequestSchema = z.object({
  client_id: clientIdSchema.optional(),
  verification_id: z.string().min(1).max(64),
  verification_code: verificationCodeSchema,
});
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const verifyResponseSchema = z.object({
  /** One use, for the usage the code was sent for. */
  verification_token: z.string(),
  expires_in: z.number().int(),
  /** Whether an account holds the verified email or phone (known only once its owner proved it). */
  is_user: z.boolean(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

// ---------------------------------------------------------------- sign-up and sign-in

/**
 * `POST /v1/auth/signup`: the email or phone comes from the verification token (usage
 * REGISTER or SIGN_IN); `email`/`phone_number`, when sent, must match it. A taken email,
 * phone or username answers `already_exists` (metadata `field`). Answers the token
 * response (`tokenResponseSchema`; the web app gets its session cookie instead).
 */
export const signupRequestSchema = z.object({
  client_id: clientIdSchema.optional(),
  verification_token: tokenSchema,
  email: emailSchema.optional(),
  phone_number: phoneNumberSchema.optional(),
  /** Optional: an account made by code can sign in by code until it sets one. */
  password: passwordSchema.optional(),
  name: z.string().trim().min(1).max(64).optional(),
  username: usernameSchema.optional(),
  /** Where the visitor came from (spec §3): the `__source`, `__medium`, `__campaign` cookies. */
  attribution: z
    .object({
      source: z.string().trim().min(1).max(128).optional(),
      medium: z.string().trim().min(1).max(128).optional(),
      campaign: z.string().trim().min(1).max(128).optional(),
    })
    .strict()
    .optional(),
  /** The referring hosts of the last 12 hours (`pp_referer_list`), newest first; at most 10. */
  referrers: z.array(z.string().trim().min(1).max(253)).max(10).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * `POST /v1/auth/signin`, one body for every way in:
 * - password: `username` (a username, email or phone number) + `password`;
 * - code: `verification_token` (usage SIGN_IN or REGISTER) of the account's email or phone;
 * - second factor: when the account has two-factor on, the first call answers
 *   `two_factor_required` (4015) whose ErrorInfo metadata carries `two_factor_token`
 *   (5 minutes, one use); call again with `two_factor_token` and `two_factor_code`
 *   (TOTP) or `recovery_code`. A client may also send `two_factor_code`/`recovery_code`
 *   with the credentials in one call.
 * - `cancel_deletion: true` cancels a pending account deletion (else `under_review` 4018).
 * Failures: `invalid_account_or_password` (same answer and time for an unknown account),
 * `account_freeze` after repeated failures, `user_blocked`, `user_pending`,
 * `password_reset_required`, `invalid_two_factor`, `invalid_two_factor_recovery`,
 * `too_many_requests`.
 */
export const signinRequestSchema = z.object({
  client_id: clientIdSchema.optional(),
  username: z.string().trim().min(1).max(254).optional(),
  password: z.string().min(1).max(128).optional(),
  verification_token: tokenSchema.optional(),
  two_factor_token: tokenSchema.optional(),
  two_factor_code: verificationCodeSchema.optional(),
  recovery_code: z.string().trim().min(1).max(32).optional(),
  cancel_deletion: z.boolean().optional(),
  /** Accepted for the public clients that send it in the body; the header `x-captcha-token` is what is checked. */
  captcha_token: z.string().max(4096).optional(),
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;

/** The ErrorInfo metadata of a `two_factor_required` answer. */
export interface TwoFactorRequiredMetadata {
  two_factor_token: string;
  /** Seconds the token stays valid. */
  expires_in: string;
}

// ---------------------------------------------------------------- password reset, email change

/** `POST /v1/auth/password/reset`: a RESET_PASSWORD token and the new password; every session ends. */
export const passwordResetRequestSchema = z.object({
  client_id: clientIdSchema.optional(),
  verification_token: tokenSchema,
  password: passwordSchema,
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** `POST /v1/user/me/email`: a CHANGE_EMAIL token for the new address (signed in). */
export const changeEmailRequestSchema = z.object({
  verification_token: tokenSchema,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;
export const changeEmailResponseSchema = z.object({ email: z.string() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

// ---------------------------------------------------------------- two-factor (signed in)

/** `GET /v1/user/me/2fa`. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** ISO time, '' when off. */
  enabled_at: z.string(),
  recovery_codes_remaining: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /v1/user/me/2fa/enrolment`: a new secret, pending until confirmed with a first code. */
export const twoFactorEnrolmentSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** `data:image/svg+xml;base64,…` QR code of `otpauth_uri`. */
  qr_code: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** `POST /v1/user/me/2fa/confirm {code}` turns it on; `…/recovery_codes {code}` makes a new set. */
export const twoFactorCodeRequestSchema = z.object({ code: verificationCodeSchema });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

/** Ten one-time codes, shown only in this answer. */
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** `POST /v1/user/me/2fa/disable`: a current TOTP code or an unused recovery code. */
export const twoFactorDisableRequestSchema = z
  .object({
    code: verificationCodeSchema.optional(),
    recovery_code: z.string().trim().min(1).max(32).optional(),
  })
  .refine((value) => Boolean(value.code) !== Boolean(value.recovery_code), {
    message: "give exactly one of code or recovery_code",
    path: ["code"],
  });
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

// ---------------------------------------------------------------- account deletion (signed in)

/**
 * `POST /v1/user/me/deletion`: proven by the password or a DELETE_ACCOUNT token. Every
 * session ends; for 7 days sign-in answers `under_review` unless it sends
 * `cancel_deletion: true`; then the account and its files are deleted.
 */
export const accountDeletionRequestSchema = z
  .object({ password: z.string().min(1).max(128).optional(), verification_token: tokenSchema.optional() })
  .refine((value) => Boolean(value.password) !== Boolean(value.verification_token), {
    message: "give exactly one of password or verification_token",
    path: ["password"],
  });
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

export const accountDeletionResponseSchema = z.object({
  /** ISO time after which the account is deleted. */
  delete_at: z.string(),
});
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponseSchema>;
