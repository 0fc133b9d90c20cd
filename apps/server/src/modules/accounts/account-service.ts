import { NimbusError, type SigninRequest, type SignupRequest } from "@nimbus/protocol";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { AuthService, IssuedTokens, IssueOptions } from "../auth/auth-service.js";
import { hashPassword, verifyDecoy, verifyPassword } from "../auth/passwords.js";
import { normalizeEmail, type UsersRepository } from "../users/users-repository.js";

const DEFAULT_CLIENT_ID = "nimbus-web";

/** Who may become a user and prove who they are; tokens themselves are `AuthService`'s. */
export class AccountService {
  constructor(
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly clock: Clock,
  ) {}

  async signup(request: SignupRequest, options: IssueOptions = {}): Promise<IssuedTokens> {
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
    return this.auth.issueTokens(id, request.client_id ?? DEFAULT_CLIENT_ID, options);
  }

  /** Unknown account and wrong password answer alike, in the same time. */
  async signin(request: SigninRequest, options: IssueOptions = {}): Promise<IssuedTokens> {
    const user = await this.users.findByEmail(request.username);
    const valid = user?.password_hash
      ? await verifyPassword(user.password_hash, request.password)
      : await verifyDecoy(request.password);
    if (!user || !valid) throw new NimbusError("invalid_account_or_password");
    if (user.status !== "ACTIVE") throw new NimbusError("invalid_status");
    return this.auth.issueTokens(user.id, request.client_id ?? DEFAULT_CLIENT_ID, options);
  }
}
