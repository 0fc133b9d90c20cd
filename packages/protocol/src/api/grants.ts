import { z } from "zod";
import { tokenResponseSchema } from "./auth.js";

/**
 * OAuth-style grants: the client registry's ids, scopes, the
 * token endpoint's grants, authorization codes for the hand-offs, the device flow
 * (RFC 8628), revocation (RFC 7009) and the sessions list.
 */
export * from "./client-ids.js";

/** Space-separated scopes, e.g. `"user pan offline"`; omitted means the client's default scopes. */
export const scopeStringSchema = z.string().max(200).describe("space-separated scopes: user, pan, offline");

const clientIdSchema = z.string().min(1).max(64);

/**
 * `POST /v1/auth/token` (JSON or `application/x-www-form-urlencoded`). One flat shape:
 * which fields a grant needs is checked by the server so that a missing one answers
 * OAuth's `invalid_request` rather than a schema error.
 */
export const tokenRequestSchema = z.object({
  grant_type: z.string().max(100),
  client_id: z.string().max(64).optional(),
  /** refresh_token grant. */
  refresh_token: z.string().max(200).optional(),
  /** authorization_code grant. */
  code: z.string().max(200).optional(),
  /** authorization_code grant with PKCE (43–128 characters, RFC 7636). */
  code_verifier: z.string().max(200).optional(),
  redirect_uri: z.string().max(2048).optional(),
  /** device_code grant. */
  device_code: z.string().max(200).optional(),
  /** Narrows the scopes of a refresh (never widens them). */
  scope: scopeStringSchema.optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** The typed requests a client sends (all validate against `tokenRequestSchema`). */
export type RefreshTokenRequest = {
  grant_type: "refresh_token";
  refresh_token: string;
  client_id: string;
  scope?: string;
};
export type AuthorizationCodeRequest = {
  grant_type: "authorization_code";
  code: string;
  client_id: string;
  code_verifier?: string;
};
export type DeviceCodeTokenRequest = {
  grant_type: "urn:ietf:params:oauth:grant-type:device_code";
  device_code: string;
  client_id: string;
};

/**
 * The token answer: `tokenResponseSchema` plus the granted scopes. A refresh always
 * answers a new refresh token (rotation); the web client (`nimbus-web`) gets a session
 * cookie instead and a body without tokens.
 */
export const grantTokenResponseSchema = tokenResponseSchema.extend({
  scope: z.string().optional(),
});
export type GrantTokenResponse = z.infer<typeof grantTokenResponseSchema>;

/**
 * `POST /v1/auth/authorize` (signed in, bearer or cookie): a one-time code, valid for
 * `expires_in` seconds, that `client_id` exchanges with the `authorization_code` grant.
 * A desktop app or the extension asks with the web page's PKCE challenge; the page
 * exchanges the code with its verifier and gets a cookie session as the same user.
 * Without a challenge the code needs no verifier (the app-opened URL hand-off).
 */
export const authorizeRequestSchema = z.object({
  client_id: clientIdSchema,
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "base64url SHA-256 of the verifier")
    .optional(),
  /** Only `S256` is accepted (else `invalid_request`); required with `code_challenge`. */
  code_challenge_method: z.string().max(16).optional(),
  scope: scopeStringSchema.optional(),
  redirect_uri: z.string().max(2048).optional(),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequestSchema>;

export const authorizeResponseSchema = z.object({
  code: z.string(),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/**
 * `POST /v1/auth/authorize/account`: whose sign-in a code hands over, without spending
 * it, so the page can ask "Continue as …?" before it exchanges the code. Same checks
 * as the exchange (client, PKCE verifier of a bound code); a code that could not be
 * exchanged answers `invalid_grant`.
 */
export const codeAccountRequestSchema = z.object({
  code: z.string().min(1).max(256),
  client_id: clientIdSchema,
  code_verifier: z.string().max(128).optional(),
});
export type CodeAccountRequest = z.infer<typeof codeAccountRequestSchema>;

export const codeAccountResponseSchema = z.object({
  sub: z.string(),
  name: z.string(),
  /** '' for a phone-only account. */
  email: z.string(),
  /** E.164, '' when none. */
  phone_number: z.string(),
  /** Whether the code is bound to a PKCE challenge (made for a page that started the hand-off). */
  bound: z.boolean(),
});
export type CodeAccountResponse = z.infer<typeof codeAccountResponseSchema>;

/** `POST /v1/auth/device/code` (RFC 8628 §3.1; JSON or form). */
export const deviceCodeRequestSchema = z.object({
  client_id: clientIdSchema,
  scope: scopeStringSchema.optional(),
});
export type DeviceCodeRequest = z.infer<typeof deviceCodeRequestSchema>;

export const deviceCodeResponseSchema = z.object({
  device_code: z.string(),
  /** What the person types on `/{locale}/tv`: 8 letters shown as `XXXX-XXXX`. */
  user_code: z.string(),
  /** The approval page (`{PUBLIC_URL}/{locale}/tv`). */
  verification_uri: z.string(),
  /** The approval page with `?user_code=` filled in (for a QR code). */
  verification_uri_complete: z.string(),
  expires_in: z.number().int(),
  /** Seconds a poller waits between token requests; faster polling answers `slow_down`. */
  interval: z.number().int(),
});
export type DeviceCodeResponse = z.infer<typeof deviceCodeResponseSchema>;

/** Case, spaces and the dash are ignored: `bcdf ghjk` is `BCDF-GHJK`. */
export const userCodeSchema = z.string().min(1).max(20);

/** `GET /v1/auth/device?user_code=` (signed in): what the TV page shows before approving. */
export const deviceLookupQuerySchema = z.object({ user_code: userCodeSchema });
export const deviceLookupResponseSchema = z.object({
  user_code: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  scope: z.string(),
  expires_in: z.number().int(),
});
export type DeviceLookupResponse = z.infer<typeof deviceLookupResponseSchema>;

/** `POST /v1/auth/device/verify` (signed in): approve or deny the code the device shows. */
export const deviceVerifyRequestSchema = z.object({
  user_code: userCodeSchema,
  approve: z.boolean(),
});
export type DeviceVerifyRequest = z.infer<typeof deviceVerifyRequestSchema>;
export const deviceVerifyResponseSchema = z.object({
  status: z.enum(["approved", "denied"]),
  client_name: z.string(),
});
export type DeviceVerifyResponse = z.infer<typeof deviceVerifyResponseSchema>;

/** `POST /v1/auth/revoke` (RFC 7009; JSON or form): always 200 `{}`, known token or not. */
export const revokeRequestSchema = z.object({
  token: z.string().max(200),
  token_type_hint: z.enum(["access_token", "refresh_token"]).optional(),
  client_id: clientIdSchema.optional(),
});
export type RevokeRequest = z.infer<typeof revokeRequestSchema>;

/** One signed-in session, as `GET /v1/auth/sessions` lists it (newest use first). */
export const sessionInfoSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  /** `x-device-id` at sign-in ('' when none was sent). */
  device_id: z.string(),
  /** A short label from the user agent, e.g. "Chrome on Windows" ('' when unknown). */
  device_name: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601; updated at most once a minute. */
  last_used_at: z.string(),
  /** The session the list was asked from. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/** `DELETE /v1/auth/sessions/{id}`: ends one of the caller's sessions (its own included). */
export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `POST /v1/auth/signout?all=true` ends every session of the user, this one included. */
export const signoutQuerySchema = z.object({
  all: z.enum(["true", "false"]).optional(),
});
export const signoutResponseSchema = z.object({
  /** How many sessions ended. */
  revoked: z.number().int(),
});
export type SignoutResponse = z.infer<typeof signoutResponseSchema>;
