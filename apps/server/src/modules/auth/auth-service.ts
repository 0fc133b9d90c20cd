import { NimbusError, type SigninRequest, type SignupRequest, type TokenResponse } from "@nimbus/protocol";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { normalizeEmail, type UsersRepository } from "../users/users-repository.js";
import { hashPassword, verifyDecoy, verifyPassword } from "./passwords.js";
import type { SessionsRepository } from "./sessions-repository.js";
import { hashToken, newToken } from "./tokens.js";

export const ACCESS_TOKEN_TTL_S = 2 * 60 * 60;
export const REFRESH_TOKEN_TTL_S = 60 * 24 * 60 * 60;
const DEFAULT_CLIENT_ID = "nimbus-web";

export interface Principal {
  userId: string;
  sessionId: string;
}

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
  ) {}

  async signup(request: SignupRequest): Promise<TokenResponse> {
    const email = normalizeEmail(request.email);
    const now = this.clock.now();
    const id = newId(now);
    try {
      await this.users.insert({
        id,
        email,
        name: request.name ?? email.split("@")[0] ?? email,
        password_hash: await hashPassword(request.password),
        status: "ACTIVE",
        vip_type: "novip",
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new NimbusError("already_exists", "an account with this email exists", {
          metadata: { field: "email" },
        });
      }
      throw error;
    }
    return this.issueTokens(id, request.client_id ?? DEFAULT_CLIENT_ID);
  }

  /** Unknown account and wrong password answer alike, in the same time. */
  async signin(request: SigninRequest): Promise<TokenResponse> {
    const user = await this.users.findByEmail(request.username);
    const valid = user?.password_hash
      ? await verifyPassword(user.password_hash, request.password)
      : await verifyDecoy(request.password);
    if (!user || !valid) throw new NimbusError("invalid_account_or_password");
    if (user.status !== "ACTIVE") throw new NimbusError("invalid_status");
    return this.issueTokens(user.id, request.client_id ?? DEFAULT_CLIENT_ID);
  }

  /** Resolves a bearer access token, or throws `unauthenticated`. */
  async authenticate(accessToken: string | undefined): Promise<Principal> {
    if (!accessToken) throw new NimbusError("unauthenticated", "no access token");
    const session = await this.sessions.findByAccessHash(hashToken(accessToken));
    if (!session || session.revoked_at !== null || session.access_expires_at <= this.clock.now()) {
      throw new NimbusError("unauthenticated", "invalid or expired access token");
    }
    return { userId: session.user_id, sessionId: session.id };
  }

  private async issueTokens(userId: string, clientId: string): Promise<TokenResponse> {
    const now = this.clock.now();
    const accessToken = newToken("at");
    const refreshToken = newToken("rt");
    await this.sessions.insert({
      id: newId(now),
      user_id: userId,
      client_id: clientId,
      access_token_hash: hashToken(accessToken),
      access_expires_at: now + ACCESS_TOKEN_TTL_S * 1000,
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
      expires_in: ACCESS_TOKEN_TTL_S,
      sub: userId,
    };
  }
}
