import { randomBytes } from "node:crypto";
import {
  APP_PASSWORD_LIMIT,
  type AppPasswordInfo,
  type CreatedAppPassword,
  NimbusError,
} from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { equalSecret } from "../../lib/constant-time.js";
import { newId } from "../../lib/ids.js";
import { hashOpaqueToken } from "../../lib/opaque-token.js";
import { TOUCH_INTERVAL_MS } from "./auth-service.js";

/** 32 letters and digits without the look-alikes (l, o, 0, 1): 5 bits a character. */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const GROUPS = 4;
const GROUP_LENGTH = 5;

/**
 * A new app password: 20 random characters (100 bits) in four groups, `abcde-fghij-…`,
 * easy to type with a TV remote. Enough entropy for an unkeyed SHA-256 at rest.
 */
export function newAppPassword(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]);
  const groups: string[] = [];
  for (let i = 0; i < GROUPS; i++)
    groups.push(chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(""));
  return groups.join("-");
}

/** The hash of what a client typed: case, spaces and dashes do not matter. */
function hashOf(password: string): string {
  return hashOpaqueToken(password.toLowerCase().replace(/[\s-]/g, ""));
}

/**
 * App passwords (one per connected app, usable only for WebDAV): created, listed without
 * their secret, revoked one by one, and all deleted with the account's sessions
 * (`SessionsRepository.revokeUser`).
 */
export class AppPasswords {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, name: string): Promise<CreatedAppPassword> {
    const held = await this.db
      .selectFrom("app_passwords")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= APP_PASSWORD_LIMIT) {
      throw new NimbusError("resource_exhausted", `at most ${APP_PASSWORD_LIMIT} app passwords`, {
        metadata: { reason: "APP_PASSWORD_LIMIT", limit: String(APP_PASSWORD_LIMIT) },
      });
    }
    const now = this.clock.now();
    const id = newId(now);
    const password = newAppPassword();
    await this.db
      .insertInto("app_passwords")
      .values({
        id,
        user_id: userId,
        name,
        secret_hash: hashOf(password),
        created_at: now,
        last_used_at: null,
      })
      .execute();
    return { id, name, password, created_time: isoTime(now) };
  }

  async list(userId: string): Promise<AppPasswordInfo[]> {
    const rows = await this.db
      .selectFrom("app_passwords")
      .select(["id", "name", "created_at", "last_used_at", "last_ip"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      created_time: isoTime(Number(row.created_at)),
      last_used_time: row.last_used_at === null ? "" : isoTime(Number(row.last_used_at)),
      last_ip: row.last_ip,
    }));
  }

  /** Revokes one of the user's app passwords; a foreign or unknown id answers `not_found`. */
  async revoke(userId: string, id: string): Promise<void> {
    const result = await this.db
      .deleteFrom("app_passwords")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new NimbusError("not_found", "no such app password");
  }

  /** Revokes every app password of a user (a frozen account). */
  async revokeAll(userId: string): Promise<number> {
    const result = await this.db.deleteFrom("app_passwords").where("user_id", "=", userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Whether `password` is one of the user's app passwords; a match records when and from
   * where it was used (at most once a minute). Asked for an unknown user too (userId ""),
   * so both take the same time.
   */
  async verify(userId: string, password: string, ip: string): Promise<boolean> {
    const hash = hashOf(password);
    const row = await this.db
      .selectFrom("app_passwords")
      .select(["id", "secret_hash", "last_used_at", "last_ip"])
      .where("user_id", "=", userId)
      .where("secret_hash", "=", hash)
      .executeTakeFirst();
    if (!row || !equalSecret(row.secret_hash, hash)) return false;
    const now = this.clock.now();
    if (
      row.last_used_at === null ||
      now - Number(row.last_used_at) >= TOUCH_INTERVAL_MS ||
      row.last_ip !== ip
    ) {
      await this.db
        .updateTable("app_passwords")
        .set({ last_used_at: now, last_ip: ip })
        .where("id", "=", row.id)
        .execute();
    }
    return true;
  }
}
