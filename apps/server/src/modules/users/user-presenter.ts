import type { UserMe } from "@nimbus/protocol";
import { isoTime } from "../../lib/clock.js";
import type { UserRow } from "./users-repository.js";

/** The `/v1/user/me` profile of a user row. */
export function presentUser(user: UserRow): UserMe {
  return {
    sub: user.id,
    name: user.name,
    email: user.email,
    phone_number: "",
    picture: "",
    password: user.password_hash ? "SET" : "UNSET",
    status: user.status,
    created_at: isoTime(user.created_at),
  };
}
