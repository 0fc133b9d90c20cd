import type { Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { UsersTable } from "../../db/schema.js";

export type UserRow = Selectable<UsersTable>;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst();
  }

  async insert(user: Omit<UserRow, "storage_usage" | "storage_reserved">): Promise<void> {
    await this.db.insertInto("users").values(user).execute();
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
