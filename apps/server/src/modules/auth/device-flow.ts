import { randomInt } from "node:crypto";
import {
  type DeviceCodeResponse,
  type DeviceLookupResponse,
  type DeviceVerifyResponse,
  GRANT_TYPES,
  NimbusError,
} from "@nimbus/protocol";
import type { Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { DeviceCodesTable } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { hashOpaqueToken, newOpaqueToken } from "../../lib/opaque-token.js";
import type { ClientRegistry } from "../clients/client-registry.js";
import { grantScopes } from "../clients/scopes.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";

export const DEVICE_CODE_TTL_S = 10 * 60;
export const DEVICE_POLL_INTERVAL_S = 5;
/** RFC 8628 §3.5: each `slow_down` adds 5 seconds to the interval. */
const SLOW_DOWN_STEP_S = 5;
/** 20 consonants, no vowels (no words) and no look-alikes: 20^8 ≈ 2.6·10^10 codes. */
const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
const USER_CODE_LENGTH = 8;
/** User codes are short: a signed-in person gets this many wrong ones per window. */
export const USER_CODE_GUESS_LIMIT = 20;
export const USER_CODE_GUESS_WINDOW_MS = 15 * 60 * 1000;

type DeviceRow = Selectable<DeviceCodesTable>;

/** `bcdf-ghjk`, `BCDF GHJK` and `BCDFGHJK` are the same code. */
export function normalizeUserCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z]/g, "");
}

export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The device authorization grant (RFC 8628): a TV or CLI signs in by a code approved elsewhere.
 * Looking up and answering user codes is limited per person (`USER_CODE_GUESS_LIMIT` wrong codes
 * per `USER_CODE_GUESS_WINDOW_MS`, counted in `rateLimits`), so no caller can brute-force them.
 */
export class DeviceFlow {
  constructor(
    private readonly db: Db,
    private readonly clients: ClientRegistry,
    private readonly clock: Clock,
    private readonly verificationUri: (locale: string) => string,
    private readonly rateLimits: RateLimitStore,
  ) {}

  async start(
    clientId: string,
    requestedScope: string | undefined,
    locale: string,
  ): Promise<DeviceCodeResponse> {
    const client = this.clients.require(clientId, GRANT_TYPES.deviceCode);
    const scope = grantScopes(requestedScope, client.scopes);
    const now = this.clock.now();
    const deviceCode = newOpaqueToken("dc");
    const userCode = await this.freeUserCode(now);
    await this.db
      .insertInto("device_codes")
      .values({
        device_code_hash: hashOpaqueToken(deviceCode),
        user_code: userCode,
        client_id: client.id,
        scope,
        state: "pending",
        user_id: null,
        interval_s: DEVICE_POLL_INTERVAL_S,
        last_polled_at: null,
        expires_at: now + DEVICE_CODE_TTL_S * 1000,
        created_at: now,
      })
      .execute();
    const uri = this.verificationUri(locale);
    return {
      device_code: deviceCode,
      user_code: formatUserCode(userCode),
      verification_uri: uri,
      verification_uri_complete: `${uri}?user_code=${formatUserCode(userCode)}`,
      expires_in: DEVICE_CODE_TTL_S,
      interval: DEVICE_POLL_INTERVAL_S,
    };
  }

  /**
   * One poll of the token endpoint. Answers the approver's user id once approved (and
   * only once); otherwise throws what RFC 8628 §3.5 says: `authorization_pending`,
   * `slow_down`, `access_denied`, `expired_token`, or `invalid_grant`.
   */
  async poll(deviceCode: string, clientId: string): Promise<{ userId: string; scope: string }> {
    const hash = hashOpaqueToken(deviceCode);
    const row = await this.db
      .selectFrom("device_codes")
      .selectAll()
      .where("device_code_hash", "=", hash)
      .executeTakeFirst();
    const now = this.clock.now();
    if (!row || row.client_id !== clientId) throw new NimbusError("invalid_grant", "unknown device code");
    if (row.state === "consumed") throw new NimbusError("invalid_grant", "device code already used");
    if (row.expires_at <= now) throw new NimbusError("expired_token", "the device code expired");
    if (row.last_polled_at !== null && now - row.last_polled_at < row.interval_s * 1000) {
      const interval = row.interval_s + SLOW_DOWN_STEP_S;
      await this.db
        .updateTable("device_codes")
        .set({ interval_s: interval, last_polled_at: now })
        .where("device_code_hash", "=", hash)
        .execute();
      throw new NimbusError("slow_down", `polling faster than every ${row.interval_s} s`, {
        metadata: { interval: String(interval) },
      });
    }
    await this.db
      .updateTable("device_codes")
      .set({ last_polled_at: now })
      .where("device_code_hash", "=", hash)
      .execute();
    if (row.state === "denied") throw new NimbusError("access_denied", "the user denied the device");
    if (row.state !== "approved" || !row.user_id) {
      throw new NimbusError("authorization_pending", "waiting for the user to approve the code");
    }
    const consumed = await this.db
      .updateTable("device_codes")
      .set({ state: "consumed" })
      .where("device_code_hash", "=", hash)
      .where("state", "=", "approved")
      .executeTakeFirst();
    if (Number(consumed.numUpdatedRows) === 0)
      throw new NimbusError("invalid_grant", "device code already used");
    return { userId: row.user_id, scope: row.scope };
  }

  /** What the approval page shows the signed-in `userId` about a code before they approve it. */
  async lookup(userId: string, userCode: string): Promise<DeviceLookupResponse> {
    const row = await this.guessing(userId, () => this.pendingRow(userCode));
    return {
      user_code: formatUserCode(row.user_code),
      client_id: row.client_id,
      client_name: this.clients.nameOf(row.client_id),
      scope: row.scope,
      expires_in: Math.max(0, Math.ceil((row.expires_at - this.clock.now()) / 1000)),
    };
  }

  /** The signed-in person approves or denies the code their device shows. */
  async verify(userId: string, userCode: string, approve: boolean): Promise<DeviceVerifyResponse> {
    return this.guessing(userId, async () => {
      const row = await this.pendingRow(userCode);
      const result = await this.db
        .updateTable("device_codes")
        .set({ state: approve ? "approved" : "denied", user_id: userId })
        .where("device_code_hash", "=", row.device_code_hash)
        .where("state", "=", "pending")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        throw new NimbusError("invalid_grant", "the code was already answered");
      return { status: approve ? "approved" : "denied", client_name: this.clients.nameOf(row.client_id) };
    });
  }

  async prune(before: number): Promise<void> {
    await this.db.deleteFrom("device_codes").where("expires_at", "<", before).execute();
  }

  /**
   * Runs a use of a user code for `userId`: refused with `too_many_requests` once they
   * reached the limit of wrong codes; an `invalid_grant` (unknown or answered code) counts
   * as one more. Expired codes do not count: the person typed a real one, too late.
   */
  private async guessing<T>(userId: string, run: () => Promise<T>): Promise<T> {
    const key = `device-code-fail:user:${userId}`;
    if ((await this.rateLimits.count(key)) >= USER_CODE_GUESS_LIMIT)
      throw new NimbusError("too_many_requests", "too many wrong codes");
    try {
      return await run();
    } catch (error) {
      if (error instanceof NimbusError && error.error === "invalid_grant")
        await this.rateLimits.hit(key, USER_CODE_GUESS_WINDOW_MS);
      throw error;
    }
  }

  private async pendingRow(userCode: string): Promise<DeviceRow> {
    const code = normalizeUserCode(userCode);
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom("device_codes")
      .selectAll()
      .where("user_code", "=", code)
      .orderBy("created_at", "desc")
      .execute();
    const live = rows.find((row) => row.expires_at > now);
    if (!live) {
      throw rows.length > 0
        ? new NimbusError("expired_token", "the code expired")
        : new NimbusError("invalid_grant", "unknown code", { metadata: { field: "user_code" } });
    }
    if (live.state !== "pending") throw new NimbusError("invalid_grant", "the code was already answered");
    return live;
  }

  private async freeUserCode(now: number): Promise<string> {
    for (;;) {
      let code = "";
      for (let i = 0; i < USER_CODE_LENGTH; i++)
        code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
      const taken = await this.db
        .selectFrom("device_codes")
        .select("user_code")
        .where("user_code", "=", code)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (!taken) return code;
    }
  }
}
