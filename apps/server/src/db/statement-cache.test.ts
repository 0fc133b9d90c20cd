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

  it("reads rows as the same objects better-sqlite3 makes, through schema changes", async () => {
    const db = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    });
    await sql`create table a (id integer, name text, size real, data blob, gone integer)`.execute(db);
    await sql`create table b (id integer, name text)`.execute(db);
    await sql`insert into a values (1, 'x', 1.5, x'00ff', null), (2, 'é😀', 2, null, 3)`.execute(db);
    await sql`insert into b values (1, 'from b')`.execute(db);
    const texts = [
      "select * from a order by id",
      "select * from a join b on a.id = b.id", // `id` and `name` twice: the last column wins
      "select count(*), max(size) as m from a",
      "select * from a where id = -1",
    ];
    const answers = async () =>
      Promise.all(texts.map(async (text) => (await sql.raw(text).execute(db)).rows));
    const expected = texts.map((text) => connection.prepare(text).all());
    expect(await answers()).toEqual(expected);
    expect(await answers()).toEqual(expected); // from the cache
    const keys = (answer: unknown[][]) => answer.map((rows) => rows.map((row) => Object.keys(row as object)));
    expect(keys(await answers())).toEqual(keys(expected)); // in the same order
    // New and renamed columns under cached `select *` statements.
    await sql`alter table a add column extra text default 'e'`.execute(db);
    expect(await answers()).toEqual(texts.map((text) => connection.prepare(text).all()));
    await sql`alter table a rename column gone to kept`.execute(db); // the same width
    expect(await answers()).toEqual(texts.map((text) => connection.prepare(text).all()));
    expect((await sql.raw(texts[0] as string).execute(db)).rows[0]).toHaveProperty("kept", null);
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
