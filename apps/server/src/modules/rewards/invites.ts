import { NimbusError } from "@nimbus/protocol";
import type { Transaction } from "kysely";
import type { RewardsConfig } from "../../config/rewards-config.js";
import type { Db } from "../../db/database.js";
import type { Tables } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { keysetPage, readPageToken } from "../../lib/page-token.js";
import { sessionHistory } from "../auth/sessions-repository.js";
import { contactsOf, findUser } from "../users/users-repository.js";
import { randomCode } from "./code-alphabet.js";
import { emailKey, maskName } from "./email-key.js";
import { grantReward } from "./reward-grants.js";

/** An account may claim an invite within this long of signing up (the invite cookie lives as long). */
export const INVITE_CLAIM_WINDOW_MS = 30 * 86_400_000;
const INVITE_CODE_LENGTH = 8;
const INVITE_CODE = /^[0-9A-Za-z]{4,32}$/;

export type InviteRefusal = "same_device" | "same_address" | "same_email" | "monthly_cap" | "not_new";

export interface InviteClaim {
  userId: string;
  /** The `pp_invite` cookie the web set from an invite link, if any. */
  inviteCode?: string | undefined;
  deviceId: string;
  ip: string;
  /** What the web says about where the user came from (`from`, `rr`, `tf`, `rf`). */
  attribution: Record<string, string>;
}

export interface InvitePage {
  inviteCode: string;
  inviteUrl: string;
  rewardDays: number;
  invited: Array<{ userName: string; createdAt: number; freeDays: number }>;
  totalFreeDays: number;
  nextPageToken: string;
}

/**
 * Invites and free days (spec §4): every user's invite code; the one claim after sign-up,
 * which grants the new user their days (more when they came through an invite) and the
 * inviter theirs, unless the pair looks like one person farming (a shared device or
 * address, an email alias of an earlier invitee) or the inviter is over the monthly cap.
 */
export class Invites {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: RewardsConfig,
    private readonly publicUrl: string,
  ) {}

  /** The user's invite code, made on first use. */
  async codeOf(userId: string): Promise<string> {
    const existing = await this.db
      .selectFrom("invite_codes")
      .select("code")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (existing) return existing.code;
    for (;;) {
      const code = randomCode(INVITE_CODE_LENGTH);
      const taken = await this.db
        .selectFrom("invite_codes")
        .select("code")
        .where("code", "=", code)
        .executeTakeFirst();
      if (taken) continue;
      await this.db
        .insertInto("invite_codes")
        .values({ user_id: userId, code, created_at: this.clock.now() })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
      const row = await this.db
        .selectFrom("invite_codes")
        .select("code")
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return row.code;
    }
  }

  inviteUrl(code: string): string {
    return `${this.publicUrl}/?invite=${encodeURIComponent(code)}`;
  }

  /** The invite activity call: the days granted now (0 on any later call). */
  async claim(input: InviteClaim): Promise<{ freeDays: number }> {
    const now = this.clock.now();
    const user = await findUser(this.db, input.userId);
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
    const inviteCode =
      input.inviteCode && INVITE_CODE.test(input.inviteCode) ? input.inviteCode.toUpperCase() : undefined;
    const inviter = inviteCode
      ? await this.db
          .selectFrom("invite_codes")
          .select("user_id")
          .where("code", "=", inviteCode)
          .executeTakeFirst()
      : undefined;
    const inviterId = inviter && inviter.user_id !== input.userId ? inviter.user_id : undefined;
    const key = emailKey(user.email);
    return this.db.transaction().execute(async (trx) => {
      const isNew = now - Number(user.created_at) <= INVITE_CLAIM_WINDOW_MS;
      const refused = inviterId && isNew ? await this.farming(trx, input, inviterId, key, now) : undefined;
      const invited =
        inviterId !== undefined && isNew && (refused === undefined || refused === "monthly_cap");
      const freeDays = !isNew ? 0 : invited ? this.config.inviteeDays : this.config.newUserDays;
      const inviterDays = invited && refused === undefined ? this.config.inviterDays : 0;
      const inserted = await trx
        .insertInto("invite_claims")
        .values({
          user_id: input.userId,
          inviter_id: inviterId ?? null,
          free_days: freeDays,
          inviter_days: inviterDays,
          refused: inviterId ? (refused ?? (isNew ? null : "not_new")) : null,
          email_key: key,
          source: JSON.stringify(input.attribution),
          created_at: now,
        })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { freeDays: 0 };
      if (freeDays > 0) {
        await grantReward(
          trx,
          {
            userId: input.userId,
            source: "invite",
            sourceRef: `invite:${input.userId}`,
            premiumDays: freeDays,
          },
          now,
        );
      }
      if (inviterId && inviterDays > 0) {
        await grantReward(
          trx,
          {
            userId: inviterId,
            source: "invite",
            sourceRef: `invite:inviter:${input.userId}`,
            premiumDays: inviterDays,
          },
          now,
        );
      }
      return { freeDays };
    });
  }

  /** Why an invite earns nothing (or, over the cap, nothing for the inviter); undefined when it is fine. */
  private async farming(
    trx: Transaction<Tables>,
    input: InviteClaim,
    inviterId: string,
    key: string,
    now: number,
  ): Promise<InviteRefusal | undefined> {
    const sessionsOf = (userId: string) => sessionHistory(trx, userId);
    const mine = await sessionsOf(input.userId);
    const theirs = await sessionsOf(inviterId);
    const theirDevices = new Set(theirs.map((s) => s.device_id).filter(Boolean));
    const myDevices = [input.deviceId, ...mine.map((s) => s.device_id)].filter(Boolean);
    if (myDevices.some((d) => theirDevices.has(d))) return "same_device";
    const theirIps = new Set(theirs.map((s) => s.ip).filter(Boolean));
    const signUpIp = mine[0]?.ip;
    if ([input.ip, signUpIp].some((ip) => ip && theirIps.has(ip))) return "same_address";
    const alias = await trx
      .selectFrom("invite_claims")
      .select("user_id")
      .where("email_key", "=", key)
      .where("inviter_id", "is not", null)
      .where("user_id", "!=", input.userId)
      .executeTakeFirst();
    if (alias) return "same_email";
    const month = new Date(now);
    const monthStart = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1);
    const rewarded = await trx
      .selectFrom("invite_claims")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("inviter_id", "=", inviterId)
      .where("inviter_days", ">", 0)
      .where("created_at", ">=", monthStart)
      .executeTakeFirstOrThrow();
    if (Number(rewarded.n) >= this.config.inviteMonthlyCap) return "monthly_cap";
    return undefined;
  }

  /** The inviter's page: their link, and the friends who came through it, newest first. */
  async page(userId: string, limit: number, pageToken: string | undefined): Promise<InvitePage> {
    const code = await this.codeOf(userId);
    let query = this.db
      .selectFrom("invite_claims as c")
      .select(["c.user_id", "c.created_at", "c.inviter_days"])
      .where("c.inviter_id", "=", userId)
      .where((eb) => eb.or([eb("c.refused", "is", null), eb("c.refused", "=", "monthly_cap")]));
    if (pageToken) {
      const [, at, id] = readPageToken(pageToken, /^(\d+):([0-9A-Za-z]+)$/);
      const after = Number(at);
      query = query.where((eb) =>
        eb.or([
          eb("c.created_at", "<", after),
          eb.and([eb("c.created_at", "=", after), eb("c.user_id", "<", id as string)]),
        ]),
      );
    }
    const rows = await query
      .orderBy("c.created_at", "desc")
      .orderBy("c.user_id", "desc")
      .limit(limit + 1)
      .execute();
    const page = keysetPage(rows, limit, (last) => `${Number(last.created_at)}:${last.user_id}`);
    // A claim's account exists: claims go with their account (foreign key, on delete cascade).
    const contacts = await contactsOf(
      this.db,
      page.rows.map((row) => row.user_id),
    );
    const total = await this.db
      .selectFrom("invite_claims")
      .select((eb) => eb.fn.sum<string | number | null>("inviter_days").as("days"))
      .where("inviter_id", "=", userId)
      .executeTakeFirstOrThrow();
    return {
      inviteCode: code,
      inviteUrl: this.inviteUrl(code),
      rewardDays: this.config.inviterDays,
      invited: page.rows.map((row) => ({
        userName: maskName(contacts.get(row.user_id)?.name || contacts.get(row.user_id)?.email || ""),
        createdAt: Number(row.created_at),
        freeDays: Number(row.inviter_days),
      })),
      totalFreeDays: Number(total.days ?? 0),
      nextPageToken: page.nextPageToken,
    };
  }
}
