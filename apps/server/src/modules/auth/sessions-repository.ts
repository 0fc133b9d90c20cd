import type { Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { SessionsTable } from "../../db/schema.js";

export type SessionRow = Selectable<SessionsTable>;

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(session: SessionRow): Promise<void> {
    await this.db.insertInto("sessions").values(session).execute();
  }

  findByAccessHash(hash: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("access_token_hash", "=", hash)
      .executeTakeFirst();
  }

  async revoke(id: string, at: number): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({ revoked_at: at })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .execute();
  }
}
