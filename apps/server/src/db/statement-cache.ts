import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Distinct SQL texts kept prepared; `in (…)` lists of every length each count as one. */
const DEFAULT_SIZE = 500;

/** What this needs of a better-sqlite3 statement beyond Kysely's interface. */
interface PreparedStatement extends SqliteStatement {
  raw(toggle: boolean): unknown;
  columns(): Array<{ name: string }>;
}

/**
 * better-sqlite3 behind Kysely with each SQL text prepared once. Kysely prepares every
 * query anew, which was a tenth of a file listing's server time. A cached statement
 * stays valid across schema changes (SQLite re-prepares it by itself). Safe because
 * Kysely runs each statement to completion synchronously (`all`/`run`) and Nimbus never
 * streams SQLite rows, so no statement is still iterating when it is handed out again.
 *
 * Rows are read as arrays and made objects here (`rowObjects`): better-sqlite3 builds
 * each row object property by property in C++, which was most of a 100-row page's
 * query time; a plain loop over the column names costs 40% less, for one row too.
 */
export function withStatementCache(
  connection: { prepare(sql: string): PreparedStatement; close(): unknown },
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
      const prepared = connection.prepare(sql);
      // A schema change may rename columns under cached readers: start them afresh.
      if (!prepared.reader && SCHEMA_CHANGE.test(sql)) cache.clear();
      const statement = prepared.reader ? rowObjects(prepared) : prepared;
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

const SCHEMA_CHANGE = /^\s*(?:alter|create|drop)\b/i;

/**
 * A reader whose rows come back as arrays and are turned into objects keyed by the
 * statement's column names: the same objects as better-sqlite3's (a repeated name keeps
 * its last column's value). The names are read again whenever a row's width changes
 * (SQLite re-prepared the statement under a new schema); a column named `__proto__`,
 * which a plain assignment would not create, leaves the statement as it was.
 */
function rowObjects(statement: PreparedStatement): SqliteStatement {
  let names = statement.columns().map((column) => column.name);
  if (names.includes("__proto__")) return statement;
  statement.raw(true);
  // Each row is a copy of an object that already has every key: one allocation of the
  // final size, where adding the keys one by one grew its property store several times
  // (a fifth less garbage for a 100-row page).
  let blank = blankRow(names);
  const toObject = (values: unknown[]): Record<string, unknown> => {
    if (values.length !== names.length) {
      names = statement.columns().map((column) => column.name);
      blank = blankRow(names);
    }
    const row: Record<string, unknown> = { ...blank };
    for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters)) yield toObject(values as unknown[]);
    },
  };
}

/** An object with `names` as keys in that order (a repeated name once, where it first came). */
function blankRow(names: readonly string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const name of names) row[name] = null;
  return row;
}
