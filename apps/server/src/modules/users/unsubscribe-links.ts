import { createHmac } from "node:crypto";
import { NimbusError, type UnsubscribeInfo } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { equalSecret } from "../../lib/constant-time.js";
import { normalizeEmail } from "./users-repository.js";

/**
 * Unsubscribe links: `d` is `base64url(JSON {e: email, s: scene}).signature`, so a mail's
 * link works without a sign-in and names only the address it was sent to. Mail code
 * makes links with `token()` and asks `isUnsubscribed()` before sending a scene's mail.
 * Not on `lib/signer.ts`: these links sit in delivered mail and never expire, so their MAC
 * (SECRET_KEY itself, `unsubscribe:` prefix, 32 characters) must stay exactly as sent.
 */
export class MailUnsubscribes {
  constructor(
    private readonly db: Db,
    private readonly secretKey: string,
    private readonly clock: Clock,
  ) {}

  token(email: string, scene: string): string {
    const payload = Buffer.from(JSON.stringify({ e: normalizeEmail(email), s: scene })).toString("base64url");
    return `${payload}.${this.sign(payload)}`;
  }

  /** `{email, scene}` of a valid `d`, else `invalid_argument`. */
  parse(d: string): { email: string; scene: string } {
    const [payload, signature] = d.split(".", 2);
    if (!payload || !equalSecret(signature ?? "", this.sign(payload))) {
      throw new NimbusError("invalid_argument", "the unsubscribe link is not valid", {
        metadata: { field: "d" },
      });
    }
    try {
      const { e, s } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
        e?: unknown;
        s?: unknown;
      };
      if (typeof e === "string" && typeof s === "string") return { email: e, scene: s };
    } catch {}
    throw new NimbusError("invalid_argument", "the unsubscribe link is not valid", {
      metadata: { field: "d" },
    });
  }

  async info(d: string): Promise<UnsubscribeInfo> {
    const { email, scene } = this.parse(d);
    return { email, scene, d, unsubscribed: await this.isUnsubscribed(email, scene) };
  }

  /** Unsubscribes (or with `subscribe`, subscribes again) the address a link names. */
  async set(d: string, subscribe = false): Promise<UnsubscribeInfo> {
    const { email, scene } = this.parse(d);
    if (subscribe) {
      await this.db
        .deleteFrom("mail_unsubscribes")
        .where("email", "=", email)
        .where("scene", "=", scene)
        .execute();
    } else {
      await this.db
        .insertInto("mail_unsubscribes")
        .values({ email, scene, created_at: this.clock.now() })
        .onConflict((oc) => oc.columns(["email", "scene"]).doNothing())
        .execute();
    }
    return { email, scene, d, unsubscribed: !subscribe };
  }

  async isUnsubscribed(email: string, scene: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("mail_unsubscribes")
      .select("email")
      .where("email", "=", normalizeEmail(email))
      .where("scene", "=", scene)
      .executeTakeFirst();
    return row !== undefined;
  }

  private sign(payload: string): string {
    return createHmac("sha256", this.secretKey)
      .update(`unsubscribe:${payload}`)
      .digest("base64url")
      .slice(0, 32);
  }
}
