import { NimbusError } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { hashOpaqueToken, newOpaqueToken } from "../../lib/opaque-token.js";
import { hasScope } from "../clients/scopes.js";
import type { SessionContext, SessionRow, SessionsRepository } from "./sessions-repository.js";

export const ACCESS_TOKEN_TTL_S = 2 * 60 * 60;
export const REFRESH_TOKEN_TTL_S = 60 * 24 * 60 * 60;
/** `last_used_at` (and where from) is written at most this often per session. */
export const TOUCH_INTERVAL_MS = 60_000;
export const DEFAULT_SCOPE = "user pan offline";

export interface Principal {
  userId: string;
  /** The row of the current token pair. */
  sessionId: string;
  /** The sign-in it descends from: what the sessions list calls a session. */
  familyId: string;
  clientId: string;
  scope: string;
  /** How the caller proved it: a bearer token, or the browser's session cookie. */
  via: "bearer" | "cookie";
  /** Set when a cookie session's expiry slid forward: the cookie's new max age in seconds. */
  renewedCookieTtlS?: number;
}

export interface IssueOptions {
  /**
   * A browser session: the access token lives in an httpOnly cookie and never reaches
   * page scripts, so it lasts as long as the session instead of the short access lifetime
   * (and slides forward while used).
   */
  cookieSession?: boolean;
  /** Space-separated granted scopes; default all (`user pan offline`). */
  scope?: string;
  /** Device id, IP and user agent of the sign-in, for the sessions list. */
  context?: Partial<SessionContext>;
  /**
   * The new session's id (family and first row), else a fresh one: an authorization
   * code mints it when spent, so a reuse of the code can revoke what it issued.
   */
  familyId?: string;
}

export interface IssuedTokens {
  token_type: "Bearer";
  access_token: string;
  /** Always minted; answered to clients only when the scope includes `offline`. */
  refresh_token: string;
  expires_in: number;
  sub: string;
  scope: string;
  /** The new session's family (its id in the sessions list). */
  session_id: string;
}

/** Sessions and the tokens that name them: issue, resolve, rotate, revoke. */
export class AuthService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
  ) {}

  /** Resolves a bearer access token or session cookie, or throws `unauthenticated`. */
  async authenticate(
    accessToken: string | undefined,
    via: Principal["via"] = "bearer",
    context?: Partial<SessionContext>,
  ): Promise<Principal> {
    if (!accessToken) throw new NimbusError("unauthenticated", "no access token");
    const session = await this.sessions.findForUse(hashOpaqueToken(accessToken));
    const now = this.clock.now();
    if (!session || session.revoked_at !== null || session.access_expires_at <= now) {
      throw new NimbusError("unauthenticated", "invalid or expired access token");
    }
    assertUsable(session.user_status);
    const principal: Principal = {
      userId: session.user_id,
      sessionId: session.id,
      familyId: session.family_id,
      clientId: session.client_id,
      scope: session.scope,
      via,
    };
    // Sign-in calls may not know where they come from: the first use records it.
    const firstUse = Boolean(context?.ip) && session.ip === "";
    if (firstUse || now - session.last_used_at >= TOUCH_INTERVAL_MS) {
      const slide = via === "cookie" && session.access_expires_at - now < (REFRESH_TOKEN_TTL_S * 1000) / 2;
      await this.sessions.touch(
        session.id,
        now,
        context,
        slide ? now + REFRESH_TOKEN_TTL_S * 1000 : undefined,
      );
      if (slide) principal.renewedCookieTtlS = REFRESH_TOKEN_TTL_S;
    }
    return principal;
  }

  /** Ends one of the user's sessions by its family id; false when none was live. */
  async revokeFamily(userId: string, familyId: string): Promise<boolean> {
    return (await this.sessions.revokeFamily(familyId, this.clock.now(), userId)) > 0;
  }

  /** Ends every session of a user (sign out everywhere, password change, deletion); answers how many. */
  async revokeAllSessions(userId: string, exceptFamilyId?: string): Promise<number> {
    return this.sessions.revokeUser(userId, this.clock.now(), exceptFamilyId);
  }

  /** The user's live sessions, most recently used first. */
  listSessions(userId: string): Promise<SessionRow[]> {
    return this.sessions.listLive(userId, this.clock.now());
  }

  /**
   * RFC 7009: ends the session an access or refresh token names. Unknown tokens are
   * ignored (the caller always gets 200).
   */
  async revokeToken(token: string, hint?: "access_token" | "refresh_token"): Promise<void> {
    const hash = hashOpaqueToken(token);
    const lookups =
      hint === "refresh_token"
        ? [this.sessions.findByRefreshHash, this.sessions.findByAccessHash]
        : [this.sessions.findByAccessHash, this.sessions.findByRefreshHash];
    for (const lookup of lookups) {
      const row = await lookup.call(this.sessions, hash);
      if (row) {
        await this.sessions.revokeFamily(row.family_id, this.clock.now());
        return;
      }
    }
  }

  /**
   * The refresh grant with rotation: the presented token's row is revoked and the next
   * pair is issued in the same family. A token that was already rotated is a replay
   * (stolen or raced): the whole family is revoked.
   */
  async refresh(
    refreshToken: string,
    clientId: string,
    narrowScope: (granted: string) => string,
    context?: Partial<SessionContext>,
  ): Promise<IssuedTokens> {
    const row = await this.sessions.findByRefreshHash(hashOpaqueToken(refreshToken));
    const now = this.clock.now();
    if (!row) throw new NimbusError("invalid_grant", "unknown refresh token");
    if (row.client_id !== clientId) throw new NimbusError("invalid_grant", "refresh token of another client");
    if (row.rotated_at !== null) {
      await this.sessions.revokeFamily(row.family_id, now);
      throw new NimbusError("invalid_grant", "refresh token reused; the session is revoked", {
        metadata: { reason: "REFRESH_TOKEN_REUSED" },
      });
    }
    if (row.revoked_at !== null) throw new NimbusError("invalid_grant", "the session was revoked");
    if (row.refresh_expires_at <= now) throw new NimbusError("invalid_grant", "refresh token expired");
    assertUsable(await this.sessions.userStatus(row.user_id));
    if (!hasScope(row.scope, "offline"))
      throw new NimbusError("invalid_grant", "the grant has no offline scope");
    const scope = narrowScope(row.scope);
    if (!(await this.sessions.rotate(row.id, now))) {
      await this.sessions.revokeFamily(row.family_id, now);
      throw new NimbusError("invalid_grant", "refresh token reused; the session is revoked", {
        metadata: { reason: "REFRESH_TOKEN_REUSED" },
      });
    }
    return this.insertPair(row.user_id, row.client_id, {
      scope,
      cookieSession: false,
      family: { id: row.family_id, createdAt: row.family_created_at },
      context: {
        deviceId: context?.deviceId || row.device_id,
        ip: context?.ip || row.ip,
        userAgent: context?.userAgent || row.user_agent,
      },
    });
  }

  async issueTokens(userId: string, clientId: string, options: IssueOptions = {}): Promise<IssuedTokens> {
    return this.insertPair(userId, clientId, options);
  }

  private async insertPair(
    userId: string,
    clientId: string,
    options: IssueOptions & { family?: { id: string; createdAt: number } },
  ): Promise<IssuedTokens> {
    const now = this.clock.now();
    const id = options.familyId ?? newId(now);
    const accessToken = newOpaqueToken("at");
    const refreshToken = newOpaqueToken("rt");
    const accessTtlS = options.cookieSession ? REFRESH_TOKEN_TTL_S : ACCESS_TOKEN_TTL_S;
    const scope = options.scope ?? DEFAULT_SCOPE;
    const familyId = options.family?.id ?? id;
    await this.sessions.insert({
      id,
      user_id: userId,
      client_id: clientId,
      access_token_hash: hashOpaqueToken(accessToken),
      access_expires_at: now + accessTtlS * 1000,
      refresh_token_hash: hashOpaqueToken(refreshToken),
      refresh_expires_at: now + REFRESH_TOKEN_TTL_S * 1000,
      created_at: now,
      last_used_at: now,
      revoked_at: null,
      family_id: familyId,
      family_created_at: options.family?.createdAt ?? now,
      rotated_at: null,
      scope,
      device_id: (options.context?.deviceId ?? "").slice(0, 128),
      ip: (options.context?.ip ?? "").slice(0, 64),
      user_agent: (options.context?.userAgent ?? "").slice(0, 512),
    });
    return {
      token_type: "Bearer",
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: accessTtlS,
      sub: userId,
      scope,
      session_id: familyId,
    };
  }
}

/**
 * A session stops working the moment its account is blocked or otherwise not active,
 * without waiting for whoever changed the status to revoke it.
 */
function assertUsable(status: string | undefined): void {
  if (status === "ACTIVE") return;
  if (status === "BLOCKED") throw new NimbusError("user_blocked");
  if (status === "PENDING") throw new NimbusError("user_pending");
  throw new NimbusError("unauthenticated", "the account is not active");
}
