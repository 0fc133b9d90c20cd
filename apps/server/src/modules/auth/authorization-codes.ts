import { type AuthorizeRequest, type AuthorizeResponse, GRANT_TYPES, NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { ClientRegistry } from "../clients/client-registry.js";
import { grantScopes, parseScopes } from "../clients/scopes.js";
import type { Principal } from "./auth-service.js";
import { verifiesChallenge } from "./pkce.js";
import { hashToken, newToken } from "./tokens.js";

/** Codes are for handing a sign-in over at once, so they live one minute and work once. */
export const AUTH_CODE_TTL_S = 60;

export interface RedeemedCode {
  userId: string;
  clientId: string;
  scope: string;
}

/** One-time authorization codes for the hand-offs of spec §4 (desktop, extension, app webview). */
export class AuthorizationCodes {
  constructor(
    private readonly db: Db,
    private readonly clients: ClientRegistry,
    private readonly clock: Clock,
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
    const code = newToken("ac");
    const now = this.clock.now();
    await this.db
      .insertInto("auth_codes")
      .values({
        code_hash: hashToken(code),
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

  /** Spends a code (once) for the client it was issued to, checking the PKCE verifier. */
  async redeem(input: {
    code: string;
    clientId: string;
    verifier?: string | undefined;
    redirectUri?: string | undefined;
  }): Promise<RedeemedCode> {
    const hash = hashToken(input.code);
    const row = await this.db
      .selectFrom("auth_codes")
      .selectAll()
      .where("code_hash", "=", hash)
      .executeTakeFirst();
    const now = this.clock.now();
    if (!row) throw new NimbusError("invalid_grant", "unknown authorization code");
    if (row.used_at !== null) throw new NimbusError("invalid_grant", "authorization code already used");
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
    const spent = await this.db
      .updateTable("auth_codes")
      .set({ used_at: now })
      .where("code_hash", "=", hash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 0)
      throw new NimbusError("invalid_grant", "authorization code already used");
    return { userId: row.user_id, clientId: row.client_id, scope: row.scope };
  }

  /** Deletes codes that expired before `before`. */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom("auth_codes").where("expires_at", "<", before).execute();
  }
}
