import type { UserMe, UserProvider } from "@nimbus/protocol";
import { isoTime } from "../../lib/clock.js";
import type { UserRow } from "./users-repository.js";

/** The avatar's URL path for a user row ('' without an avatar). */
export function avatarPath(user: Pick<UserRow, "id" | "avatar_version">): string {
  return user.avatar_version ? `/v1/user/avatars/${user.id}/${user.avatar_version}` : "";
}

/**
 * The `/v1/user/me` profile of a user row; `publicUrl` makes the avatar URL absolute,
 * `linked` are the other providers (OpenID Connect) linked to it.
 */
export function presentUser(
  user: UserRow,
  publicUrl = "",
  linked: readonly { provider: string; subject: string }[] = [],
): UserMe {
  const providers: UserProvider[] = [];
  if (user.email) providers.push({ id: "email", provider_user_id: user.email });
  if (user.phone) providers.push({ id: "phone", provider_user_id: user.phone });
  for (const { provider, subject } of linked) providers.push({ id: provider, provider_user_id: subject });
  const picture = avatarPath(user);
  return {
    sub: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phone ?? "",
    picture: picture ? `${publicUrl}${picture}` : "",
    password: user.password_hash ? "set" : "unset",
    providers,
    status: user.status,
    locale: user.locale,
    two_factor_enabled: user.totp_enabled_at !== null && user.totp_enabled_at !== undefined,
    deletion_scheduled_at: user.deletion_due_at ? isoTime(user.deletion_due_at) : "",
    created_at: isoTime(user.created_at),
    updated_at: isoTime(user.updated_at),
  };
}
