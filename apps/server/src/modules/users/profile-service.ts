import {
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  NimbusError,
  type UpdateMeRequest,
  type UserMe,
} from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import type { AuthService, Principal } from "../auth/auth-service.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import type { Memberships } from "../membership/memberships.js";
import { presentVip } from "../membership/present-vip.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";
import type { Avatars } from "./avatars.js";
import { presentUser } from "./user-presenter.js";
import type { UserRow, UsersRepository } from "./users-repository.js";

const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const PASSWORD_FAILURE_LIMIT = 10;

export interface ProfileDeps {
  users: UsersRepository;
  auth: AuthService;
  avatars: Avatars;
  rateLimits: RateLimitStore;
  clock: Clock;
  publicUrl: string;
  memberships: Memberships;
}

/** The signed-in user's own account: profile, avatar, password (`/v1/user/me*`). */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  async me(userId: string): Promise<UserMe> {
    const user = await this.user(userId);
    const vip = presentVip(await this.deps.memberships.status(userId), Number(user.storage_usage));
    const linked = await this.deps.users.linkedProviders(userId);
    return { ...presentUser(user, this.deps.publicUrl, linked), vip };
  }

  async update(userId: string, changes: UpdateMeRequest): Promise<UserMe> {
    await this.user(userId);
    if (changes.name !== undefined || changes.locale !== undefined) {
      await this.deps.users.update(
        userId,
        {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
        },
        this.deps.clock.now(),
      );
    }
    return this.me(userId);
  }

  async uploadAvatar(userId: string, body: Buffer, contentType: string | undefined): Promise<UserMe> {
    await this.user(userId);
    await this.deps.avatars.upload(userId, body, contentType);
    return this.me(userId);
  }

  async removeAvatar(userId: string): Promise<UserMe> {
    await this.deps.avatars.remove(userId);
    return this.me(userId);
  }

  /**
   * Changes (or, when none is set, sets) the password. Every other session of the user
   * ends: whoever else held one no longer knows the password.
   */
  async changePassword(
    principal: Principal,
    request: ChangePasswordRequest,
  ): Promise<ChangePasswordResponse> {
    const user = await this.user(principal.userId);
    if (user.password_hash) {
      const key = `password-change-fail:user:${user.id}`;
      if ((await this.deps.rateLimits.count(key)) >= PASSWORD_FAILURE_LIMIT) {
        throw new NimbusError("too_many_requests", "too many wrong passwords");
      }
      if (!request.old_password || !(await verifyPassword(user.password_hash, request.old_password))) {
        await this.deps.rateLimits.hit(key, PASSWORD_FAILURE_WINDOW_MS);
        throw new NimbusError("invalid_password", "the current password is wrong", {
          metadata: { field: "old_password" },
        });
      }
      await this.deps.rateLimits.reset(key);
    }
    await this.deps.users.update(
      user.id,
      { password_hash: await hashPassword(request.new_password) },
      this.deps.clock.now(),
    );
    const revoked = await this.deps.auth.revokeAllSessions(user.id, principal.familyId);
    return { revoked_sessions: revoked };
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
    return user;
  }
}
