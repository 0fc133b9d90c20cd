import { z } from "zod";

export const emailSchema = z.email().max(254);
export const passwordSchema = z.string().min(8).max(128);

/** `signupRequestSchema` and `signinRequestSchema` live in `./accounts.ts`. */

/** Tokens for API clients; the web app's sign-in answers without them (they go into its httpOnly session cookie). */
export const tokenResponseSchema = z.object({
  token_type: z.literal("Bearer"),
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  expires_in: z.number().int(),
  sub: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `userMeSchema` (`GET /v1/user/me`) lives in `./user.ts`. */
