import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, expect, it } from "vitest";
import { InlineLimitsPlugin } from "./inline-limits.js";

interface Tables {
  items: { id: number; name: string };
}

const db = new Kysely<Tables>({
  dialect: new SqliteDialect({ database: new SQLite(":memory:") }),
  plugins: [new InlineLimitsPlugin()],
});
afterAll(() => db.destroy());

it("writes integer limits and offsets into the SQL, leaving every other value bound", () => {
  const compiled = db.selectFrom("items").selectAll().where("name", "=", "x").limit(1).offset(20).compile();
  expect(compiled.sql).toBe('select * from "items" where "name" = ? limit 1 offset 20');
  expect(compiled.parameters).toEqual(["x"]);
});

it("keeps a limit that is not a safe non-negative integer a parameter", () => {
  for (const limit of [1.5, -1, 2 ** 60]) {
    const compiled = db.selectFrom("items").selectAll().limit(limit).compile();
    expect(compiled.sql).toBe('select * from "items" limit ?');
    expect(compiled.parameters).toEqual([limit]);
  }
  const expression = db.selectFrom("items").selectAll().limit(sql<number>`${3} + 1`).compile();
  expect(expression.parameters).toEqual([3]);
});

it("answers the same rows as a bound limit", async () => {
  await sql`create table items (id integer primary key, name text)`.execute(db);
  await db
    .insertInto("items")
    .values(Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `n${i}` })))
    .execute();
  const rows = await db.selectFrom("items").select("id").orderBy("id").limit(2).offset(1).execute();
  expect(rows.map((row) => row.id)).toEqual([2, 3]);
});

it("leaves a subquery's limit bound and a query without one untouched", () => {
  const query = db.selectFrom("items").selectAll().where("name", "=", "x");
  const node = query.toOperationNode();
  expect(new InlineLimitsPlugin().transformQuery({ node, queryId: { queryId: "q" } })).toBe(node);
  const nested = db
    .selectFrom("items")
    .select("id")
    .where("id", "in", (eb) => eb.selectFrom("items").select("id").limit(3))
    .limit(2)
    .compile();
  expect(nested.sql).toMatch(/limit \?\) limit 2$/);
  expect(nested.parameters).toEqual([3]);
});
