import { NimbusError } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { SessionsRepository } from "./sessions-repository.js";
import { hashToken, newToken } from "./tokens.js";

export const ACCESS_TOKEN_TTL_S = 2 * 60 * 60;
export const REFRESH_TOKEN_TTL_S = 60 * 24 * 60 * 60;

export interface Principal {
  userId: string;
  sessionId: string;
  /** How the caller proved it: a bearer token, or the browser's session cookie. */
  via: "bearer" | "cookie";
}

export interface IssueOptions {
  /**
   * A browser session: the access token lives in an httpOnly cookie and never reaches
   * page scripts, so it lasts as long as the session instead of the short access lifetime.
   */
  cookieSession?: boolean;
}

export interface IssuedTokens {
  token_type: "Bearer";
  access_token: string;
  refresh_token: string;
  expires_in: number;
  sub: string;
}

/** Sessions and the tokens that name them: issue, resolve, revoke. */
export class AuthService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
  ) {}

  /** Resolves a bearer access token or session cookie, or throws `unauthenticated`. */
  async authenticate(accessToken: string | undefined, via: Principal["via"] = "bearer"): Promise<Principal> {
    if (!accessToken) throw new NimbusError("unauthenticated", "no access token");
    const session = await this.sessions.findByAccessHash(hashToken(accessToken));
    if (!session || session.revoked_at !== null || session.access_expires_at <= this.clock.now()) {
      throw new NimbusError("unauthenticated", "invalid or expired access token");
    }
    return { userId: session.user_id, sessionId: session.id, via };
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, this.clock.now());
  }

  async issueTokens(userId: string, clientId: string, options: IssueOptions = {}): Promise<IssuedTokens> {
    const now = this.clock.now();
    const accessToken = newToken("at");
    const refreshToken = newToken("rt");
    const accessTtlS = options.cookieSession ? REFRESH_TOKEN_TTL_S : ACCESS_TOKEN_TTL_S;
    await this.sessions.insert({
      id: newId(now),
      user_id: userId,
      client_id: clientId,
      access_token_hash: hashToken(accessToken),
      access_expires_at: now + accessTtlS * 1000,
      refresh_token_hash: hashToken(refreshToken),
      refresh_expires_at: now + REFRESH_TOKEN_TTL_S * 1000,
      created_at: now,
      last_used_at: now,
      revoked_at: null,
    });
    return {
      token_type: "Bearer",
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: accessTtlS,
      sub: userId,
    };
  }
}
