import { z } from "zod";

export const emailSchema = z.email().max(254);
export const passwordSchema = z.string().min(8).max(128);

export const signupRequestSchema = z.object({
  client_id: z.string().min(1).max(64).optional(),
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(64).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signinRequestSchema = z.object({
  client_id: z.string().min(1).max(64).optional(),
  username: z.string().min(1).max(254),
  password: z.string().min(1).max(128),
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;

/** Tokens for API clients; the web app's sign-in answers without them (they go into its httpOnly session cookie). */
export const tokenResponseSchema = z.object({
  token_type: z.literal("Bearer"),
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  expires_in: z.number().int(),
  sub: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const userMeSchema = z.object({
  sub: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  picture: z.string(),
  password: z.enum(["SET", "UNSET"]),
  status: z.string(),
  created_at: z.string(),
});
export type UserMe = z.infer<typeof userMeSchema>;
