import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Authorization-code reuse (RFC 6749 §4.1.2): a spent code remembers the session
 * family it issued (`family_id`, minted when the code is spent) and when someone
 * presented it again (`reused_at`), so a second redemption can revoke that family,
 * even one whose tokens were still being issued when the reuse came in.
 */
export function authCodeReuse(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("auth_codes").addColumn("family_id", "text").execute();
      await db.schema.alterTable("auth_codes").addColumn("reused_at", "bigint").execute();
    },
  };
}
