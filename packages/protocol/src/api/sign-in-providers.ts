import { z } from "zod";

/**
 * Sign-in with other providers (OpenID Connect, configured by the operator in
 * `OIDC_PROVIDERS`). The browser leaves for the provider at `authorize` and comes back
 * to `callback`, which signs in (or links, for a signed-in caller) and redirects to
 * `return_to`; a failure redirects with `?error=provider_error` (4019) instead.
 */
export const providerIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, "a provider id");

export const signInProviderSchema = z.object({
  id: z.string(),
  /** The name the sign-in button shows ("Google", "Contoso SSO"). */
  name: z.string(),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;

export const signInProvidersResponseSchema = z.object({ providers: z.array(signInProviderSchema) });
export type SignInProvidersResponse = z.infer<typeof signInProvidersResponseSchema>;

export const providerParamsSchema = z.object({ provider: providerIdSchema });

/**
 * `return_to`: a path on this site to land on afterwards (default `/drive`); anything
 * that is not a same-site path is ignored. `link=true`: link the provider to the
 * signed-in account instead of signing in.
 */
export const providerAuthorizeQuerySchema = z.object({
  return_to: z.string().max(512).optional(),
  link: z.enum(["true", "false"]).optional(),
});

/** What the provider sends back (RFC 6749 §4.1.2 and §4.1.2.1); read whole by the client library. */
export const providerCallbackQuerySchema = z
  .object({
    state: z.string().max(256).optional(),
    code: z.string().max(4096).optional(),
    error: z.string().max(256).optional(),
  })
  .passthrough();
