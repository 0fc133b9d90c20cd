import { type AuthorizeRequest, type AuthorizeResponse, GRANT_TYPES, NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { hashOpaqueToken, newOpaqueToken } from "../../lib/opaque-token.js";
import type { ClientRegistry } from "../clients/client-registry.js";
import { grantScopes, parseScopes } from "../clients/scopes.js";
import type { Principal } from "./auth-service.js";
import { verifiesChallenge } from "./pkce.js";
import { SessionsRepository } from "./sessions-repository.js";

/** Codes are for handing a sign-in over at once, so they live one minute and work once. */
export const AUTH_CODE_TTL_S = 60;

export interface RedeemedCode {
  userId: string;
  clientId: string;
  scope: string;
  /** The id the session issued from this code must take as its family (and first row) id. */
  familyId: string;
}

export interface RedeemInput {
  code: string;
  clientId: string;
  verifier?: string | undefined;
  redirectUri?: string | undefined;
}

function reusedError(): NimbusError {
  return new NimbusError("invalid_grant", "authorization code already used; what it issued is revoked", {
    metadata: { reason: "AUTHORIZATION_CODE_REUSED" },
  });
}

/**
 * One-time authorization codes for the hand-offs of spec §4 (desktop, extension, app webview).
 * A code presented a second time revokes the session it issued (RFC 6749 §4.1.2): someone
 * else holds the code, and either of the two may be the attacker.
 */
export class AuthorizationCodes {
  constructor(
    private readonly db: Db,
    private readonly clients: ClientRegistry,
    private readonly clock: Clock,
    private readonly sessions: SessionsRepository = new SessionsRepository(db),
  ) {}

  /**
   * A code for `request.client_id`, as the signed-in caller. The caller's client must be
   * allowed to hand over to that client, and the scope stays within the caller's own.
   */
  async issue(principal: Principal, request: AuthorizeRequest): Promise<AuthorizeResponse> {
    const target = this.clients.require(request.client_id, GRANT_TYPES.authorizationCode);
    const caller = this.clients.find(principal.clientId);
    if (!caller?.authorizes.includes(target.id)) {
      throw new NimbusError(
        "unauthorized_client",
        `${principal.clientId} may not hand a sign-in to ${target.id}`,
      );
    }
    if (request.code_challenge && request.code_challenge_method !== "S256") {
      throw new NimbusError("invalid_request", "code_challenge_method must be S256", {
        metadata: { field: "code_challenge_method" },
      });
    }
    const callerScopes = parseScopes(principal.scope);
    const scope = grantScopes(
      request.scope,
      target.scopes.filter((s) => callerScopes.includes(s)),
    );
    const code = newOpaqueToken("ac");
    const now = this.clock.now();
    await this.db
      .insertInto("auth_codes")
      .values({
        code_hash: hashOpaqueToken(code),
        user_id: principal.userId,
        client_id: target.id,
        scope,
        code_challenge: request.code_challenge ?? null,
        redirect_uri: request.redirect_uri ?? null,
        expires_at: now + AUTH_CODE_TTL_S * 1000,
        used_at: null,
        created_at: now,
      })
      .execute();
    return { code, expires_in: AUTH_CODE_TTL_S, scope };
  }

  /**
   * Spends a code and issues its session with `issue`, which must give the session the
   * code's `familyId`. A code presented again, now or later, gets `invalid_grant` and
   * revokes that family; a reuse that lands while `issue` runs revokes it once issued.
   */
  async exchange<T>(input: RedeemInput, issue: (redeemed: RedeemedCode) => Promise<T>): Promise<T> {
    const redeemed = await this.redeem(input);
    const issued = await issue(redeemed);
    const row = await this.db
      .selectFrom("auth_codes")
      .select("reused_at")
      .where("code_hash", "=", hashOpaqueToken(input.code))
      .executeTakeFirst();
    if (row && row.reused_at !== null) {
      await this.sessions.revokeFamily(redeemed.familyId, this.clock.now());
      throw reusedError();
    }
    return issued;
  }

  /**
   * Spends a code (once) for the client it was issued to, checking the PKCE verifier.
   * Prefer `exchange`, which also closes the race with a reuse.
   */
  async redeem(input: RedeemInput): Promise<RedeemedCode> {
    const hash = hashOpaqueToken(input.code);
    const row = await this.findRow(hash);
    const now = this.clock.now();
    if (!row) throw new NimbusError("invalid_grant", "unknown authorization code");
    if (row.used_at !== null) {
      await this.revokeIssued(hash, row.family_id, now);
      throw reusedError();
    }
    assertRedeemable(row, input, now);
    const familyId = newId(now);
    const spent = await this.db
      .updateTable("auth_codes")
      .set({ used_at: now, family_id: familyId })
      .where("code_hash", "=", hash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 0) {
      // A parallel redemption spent it first: this is a reuse of that one.
      const winner = await this.db
        .selectFrom("auth_codes")
        .select("family_id")
        .where("code_hash", "=", hash)
        .executeTakeFirst();
      await this.revokeIssued(hash, winner?.family_id ?? null, now);
      throw reusedError();
    }
    return { userId: row.user_id, clientId: row.client_id, scope: row.scope, familyId };
  }

  /**
   * Whose sign-in an unspent code hands over, checked as its exchange would be, without
   * spending it: the page asks the person before it switches accounts.
   */
  async describe(input: RedeemInput): Promise<{ userId: string; bound: boolean }> {
    const row = await this.findRow(hashOpaqueToken(input.code));
    if (!row) throw new NimbusError("invalid_grant", "unknown authorization code");
    if (row.used_at !== null) throw new NimbusError("invalid_grant", "authorization code already used");
    assertRedeemable(row, input, this.clock.now());
    return { userId: row.user_id, bound: row.code_challenge !== null };
  }

  private findRow(hash: string) {
    return this.db.selectFrom("auth_codes").selectAll().where("code_hash", "=", hash).executeTakeFirst();
  }

  /**
   * A spent code came back: marks it (so an exchange still issuing notices) and revokes
   * the family it issued, if that exists yet.
   */
  private async revokeIssued(hash: string, familyId: string | null, now: number): Promise<void> {
    await this.db
      .updateTable("auth_codes")
      .set({ reused_at: now })
      .where("code_hash", "=", hash)
      .where("reused_at", "is", null)
      .execute();
    if (familyId !== null) await this.sessions.revokeFamily(familyId, now);
  }

  /** Deletes codes that expired before `before`. */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom("auth_codes").where("expires_at", "<", before).execute();
  }
}

/** The checks of an unspent code: live, for this client and redirect, and the PKCE verifier of a bound one. */
function assertRedeemable(
  row: { expires_at: number; client_id: string; redirect_uri: string | null; code_challenge: string | null },
  input: RedeemInput,
  now: number,
): void {
  if (row.expires_at <= now) throw new NimbusError("invalid_grant", "authorization code expired");
  if (row.client_id !== input.clientId)
    throw new NimbusError("invalid_grant", "code issued to another client");
  if (row.redirect_uri !== null && row.redirect_uri !== input.redirectUri) {
    throw new NimbusError("invalid_grant", "redirect_uri does not match");
  }
  if (row.code_challenge !== null) {
    if (!input.verifier) throw new NimbusError("invalid_grant", "code_verifier is required for this code");
    if (!verifiesChallenge(input.verifier, row.code_challenge)) {
      throw new NimbusError("invalid_grant", "code_verifier does not match the challenge");
    }
  }
}
