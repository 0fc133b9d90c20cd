import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Distinct SQL texts kept prepared; `in (…)` lists of every length each count as one. */
const DEFAULT_SIZE = 500;

/**
 * better-sqlite3 behind Kysely with each SQL text prepared once. Kysely prepares every
 * query anew, which was a tenth of a file listing's server time. A cached statement
 * stays valid across schema changes (SQLite re-prepares it by itself). Safe because
 * Kysely runs each statement to completion synchronously (`all`/`run`) and Nimbus never
 * streams SQLite rows, so no statement is still iterating when it is handed out again.
 */
export function withStatementCache(
  connection: { prepare(sql: string): SqliteStatement; close(): unknown },
  size = DEFAULT_SIZE,
): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      connection.close();
    },
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached) {
        // Map order is insertion order: re-inserting keeps the least recently used first.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = connection.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}
