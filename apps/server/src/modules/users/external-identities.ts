import type { Db } from "../../db/database.js";

/** Which provider accounts belong to which user (`external_identities`): sign-in by a provider links and finds them. */
export class ExternalIdentities {
  constructor(private readonly db: Db) {}

  async owner(provider: string, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("external_identities")
      .select("user_id")
      .where("provider", "=", provider)
      .where("subject", "=", subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  async link(row: {
    provider: string;
    subject: string;
    userId: string;
    email: string;
    now: number;
  }): Promise<void> {
    await this.db
      .insertInto("external_identities")
      .values({
        provider: row.provider,
        subject: row.subject,
        user_id: row.userId,
        email: row.email,
        created_at: row.now,
      })
      .execute();
  }

  async unlink(userId: string, provider: string): Promise<void> {
    await this.db
      .deleteFrom("external_identities")
      .where("user_id", "=", userId)
      .where("provider", "=", provider)
      .execute();
  }
}
