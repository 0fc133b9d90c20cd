import { NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import type { IssuedTokens } from "../auth/auth-service.js";
import type { ExternalIdentities } from "../users/external-identities.js";
import type { AccountService, SigninContext } from "./account-service.js";
import type { AccountsRepository } from "./accounts-repository.js";
import { normalizeEmail } from "./identifiers.js";
import type { OidcProviders, VouchedIdentity } from "./oidc-providers.js";

/** How long a sign-in may stay at the provider before its state is forgotten. */
export const EXTERNAL_SIGNIN_TTL_MS = 10 * 60_000;
const DEFAULT_RETURN_TO = "/drive";

export type ExternalSigninResult =
  | { kind: "signed_in"; tokens: IssuedTokens; returnTo: string }
  | { kind: "linked"; returnTo: string };

export interface ExternalSigninDeps {
  db: Db;
  clock: Clock;
  providers: OidcProviders;
  identities: ExternalIdentities;
  accounts: AccountsRepository;
  accountService: AccountService;
}

/**
 * Sign-in with other providers (decision 0041). `begin` records the state, nonce and
 * PKCE verifier of a round trip and answers where to send the browser; `complete`
 * takes that record back exactly once (bound to the browser by the state cookie the
 * route sets) and either links the provider to the signed-in user who started it, or
 * signs in: the account already linked, else the account with the provider's
 * verified email (linked now), else a new account for that email. A provider that
 * does not vouch for the email (`email_verified`) never reaches an existing account.
 */
export class ExternalSignin {
  constructor(private readonly deps: ExternalSigninDeps) {}

  providers() {
    return this.deps.providers.list();
  }

  async begin(
    providerId: string,
    options: { returnTo?: string | undefined; linkUserId?: string | undefined },
  ): Promise<{ url: string; state: string }> {
    const { db, clock, providers } = this.deps;
    if (!providers.has(providerId)) throw new NimbusError("not_found", `no sign-in provider ${providerId}`);
    const now = clock.now();
    await db
      .deleteFrom("external_signins")
      .where("created_at", "<", now - EXTERNAL_SIGNIN_TTL_MS)
      .execute();
    const challenge = await providers.challenge(providerId).catch((error: unknown) => {
      throw providerError("unreachable", error);
    });
    await db
      .insertInto("external_signins")
      .values({
        state: challenge.state,
        provider: providerId,
        nonce: challenge.nonce,
        code_verifier: challenge.codeVerifier,
        return_to: safeReturnTo(options.returnTo),
        link_user_id: options.linkUserId ?? null,
        created_at: now,
      })
      .execute();
    return { url: challenge.url, state: challenge.state };
  }

  /** Where a round trip started (to land a failure there): its return path, and whether it links. */
  async pendingOf(state: string | undefined): Promise<{ returnTo: string; linking: boolean } | undefined> {
    if (!state) return undefined;
    const row = await this.deps.db
      .selectFrom("external_signins")
      .select(["return_to", "link_user_id"])
      .where("state", "=", state)
      .executeTakeFirst();
    return row && { returnTo: row.return_to, linking: row.link_user_id !== null };
  }

  async complete(
    providerId: string,
    callbackQuery: URLSearchParams,
    browserState: string | undefined,
    context: SigninContext,
  ): Promise<ExternalSigninResult> {
    const { db, clock, providers } = this.deps;
    const state = callbackQuery.get("state") ?? "";
    if (!providers.has(providerId)) throw new NimbusError("not_found", `no sign-in provider ${providerId}`);
    if (!state || state !== browserState) throw providerError("state_mismatch");
    const pending = await db
      .deleteFrom("external_signins")
      .where("state", "=", state)
      .where("provider", "=", providerId)
      .returningAll()
      .executeTakeFirst();
    if (!pending || pending.created_at < clock.now() - EXTERNAL_SIGNIN_TTL_MS)
      throw providerError("state_expired");
    if (callbackQuery.has("error")) throw providerError("denied");

    const vouched = await providers
      .redeem(providerId, callbackQuery, {
        state,
        nonce: pending.nonce,
        codeVerifier: pending.code_verifier,
      })
      .catch((error: unknown) => {
        throw providerError("exchange_failed", error);
      });
    if (!vouched.email || !vouched.emailVerified) throw providerError("email_not_verified");
    const identity = { ...vouched, email: normalizeEmail(vouched.email) };

    if (pending.link_user_id) {
      await this.link(providerId, identity, pending.link_user_id);
      return { kind: "linked", returnTo: pending.return_to };
    }
    const userId = await this.accountFor(providerId, identity, context);
    const user = await this.deps.accounts.findById(userId);
    if (!user) throw providerError("account_gone");
    const tokens = await this.deps.accountService.signinVouched(user, context);
    return { kind: "signed_in", tokens, returnTo: pending.return_to };
  }

  async unlink(userId: string, providerId: string): Promise<void> {
    await this.deps.identities.unlink(userId, providerId);
  }

  private async accountFor(
    providerId: string,
    identity: VouchedIdentity,
    context: SigninContext,
  ): Promise<string> {
    const linked = await this.deps.identities.owner(providerId, identity.subject);
    if (linked) return linked;
    const existing = await this.deps.accounts.findByName({ kind: "email", value: identity.email });
    const userId =
      existing?.id ?? (await this.deps.accountService.createVerified(identity.email, identity.name, context));
    await this.link(providerId, identity, userId);
    return userId;
  }

  private async link(providerId: string, identity: VouchedIdentity, userId: string): Promise<void> {
    const owner = await this.deps.identities.owner(providerId, identity.subject);
    if (owner === userId) return;
    if (owner) throw new NimbusError("already_exists", "this provider account is linked to another user");
    try {
      await this.deps.identities.link({
        provider: providerId,
        subject: identity.subject,
        userId,
        email: identity.email,
        now: this.deps.clock.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new NimbusError("already_exists", "another account of this provider is linked already");
      }
      throw error;
    }
  }
}

function providerError(reason: string, cause?: unknown): NimbusError {
  return new NimbusError("provider_error", `sign-in with the provider failed (${reason})`, {
    metadata: { reason },
    ...(cause ? { cause } : {}),
  });
}

/** A same-site path to land on; anything else (another origin, `//host`, `/\host`) is the drive. */
export function safeReturnTo(value: string | undefined): string {
  const samePath = value?.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
  return samePath && value ? value : DEFAULT_RETURN_TO;
}
