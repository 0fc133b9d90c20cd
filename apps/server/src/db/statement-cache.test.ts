import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withStatementCache } from "./statement-cache.js";

describe("withStatementCache", () => {
  const connection = new SQLite(":memory:");
  afterEach(() => vi.restoreAllMocks());

  it("prepares each SQL text once and answers from the cached statement after", async () => {
    const prepare = vi.spyOn(connection, "prepare");
    const db = new Kysely<{ t: { n: number } }>({
      dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    });
    await sql`create table t (n integer)`.execute(db);
    for (let n = 0; n < 5; n++) await db.insertInto("t").values({ n }).execute();
    const rows = await db.selectFrom("t").select("n").where("n", ">=", 3).execute();
    const again = await db.selectFrom("t").select("n").where("n", ">=", 1).execute();
    expect(rows.map((r) => r.n)).toEqual([3, 4]);
    expect(again).toHaveLength(4);
    expect(prepare).toHaveBeenCalledTimes(3); // create, insert, select
    // A schema change under a cached statement: SQLite re-prepares it by itself.
    await sql`alter table t add column m integer`.execute(db);
    expect(await db.selectFrom("t").select("n").where("n", ">=", 4).execute()).toEqual([{ n: 4 }]);
  });

  it("forgets the least recently used text beyond its size", () => {
    const prepare = vi.spyOn(connection, "prepare");
    const cached = withStatementCache(connection, 2);
    cached.prepare("select 1");
    cached.prepare("select 2");
    cached.prepare("select 1"); // now the most recent
    cached.prepare("select 3"); // evicts "select 2"
    cached.prepare("select 1");
    cached.prepare("select 2");
    expect(prepare.mock.calls.map(([text]) => text)).toEqual([
      "select 1",
      "select 2",
      "select 3",
      "select 2",
    ]);
  });
});
