import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type PostgresPool, SqliteDialect, sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { insertRows } from "./bulk-insert.js";
import type { Db } from "./database.js";
import { withStatementCache } from "./statement-cache.js";

const COLUMNS = ["id", "name", "size", "blob_gcid"] as const;
const row = (n: number) => ({
  id: `id${n}`,
  name: `file ${n}`,
  size: n * 10,
  blob_gcid: n % 2 ? `g${n}` : null,
});

describe("insertRows", () => {
  it("writes every row, in statements of the given length, each text prepared once", async () => {
    const connection = new SQLite(":memory:");
    const prepare = vi.spyOn(connection, "prepare");
    const db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
    await sql`create table files (id text primary key, name text not null, size integer not null, blob_gcid text)`.execute(
      db,
    );
    const rows = Array.from({ length: 7 }, (_, n) => row(n));

    await insertRows(db as unknown as Db, "files", COLUMNS, rows as never, 3);

    expect(await sql`select id, name, size, blob_gcid from files order by id`.execute(db)).toMatchObject({
      rows,
    });
    const inserts = prepare.mock.calls.map(([text]) => text).filter((text) => text.startsWith("insert"));
    // Two statements of three rows share one text; the last row has its own.
    expect(inserts).toHaveLength(2);
    expect(inserts.map((text) => text.split("), (").length)).toEqual([3, 1]);
  });

  it("binds a value the row leaves out as null, and nothing for no rows", async () => {
    const db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    await sql`create table files (id text primary key, name text not null, size integer not null, blob_gcid text)`.execute(
      db,
    );
    await insertRows(db as unknown as Db, "files", COLUMNS, [] as never);
    await insertRows(db as unknown as Db, "files", COLUMNS, [{ id: "a", name: "a", size: 1 }] as never);
    expect((await sql`select * from files`.execute(db)).rows).toEqual([
      { id: "a", name: "a", size: 1, blob_gcid: null },
    ]);
  });

  it("numbers the parameters the way the dialect does (Postgres: $1 … $n), values in column order", async () => {
    const sent: Array<{ text: string; values: unknown[] }> = [];
    const client = {
      query: async (text: string, values: unknown[]) => {
        sent.push({ text, values });
        return { command: "INSERT", rowCount: 0, rows: [] };
      },
      release: () => {},
    };
    // A pool of one client that only records what it is sent.
    const pool = { connect: async () => client, end: async () => {} } as unknown as PostgresPool;
    const db = new Kysely({ dialect: new PostgresDialect({ pool }) });

    await insertRows(db as unknown as Db, "files", COLUMNS, [row(1), row(2)] as never);

    expect(sent).toEqual([
      {
        text: 'insert into "files" ("id", "name", "size", "blob_gcid") values ($1, $2, $3, $4), ($5, $6, $7, $8)',
        values: ["id1", "file 1", 10, "g1", "id2", "file 2", 20, null],
      },
    ]);
  });
});
