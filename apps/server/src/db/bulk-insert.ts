import { CompiledQuery, type Insertable } from "kysely";
import type { Db } from "./database.js";
import type { Tables } from "./schema.js";

/** Rows per statement: 500 × 16 columns stays far below SQLite's 32,766 and Postgres' 65,535 parameters. */
export const BULK_INSERT_ROWS = 500;

/**
 * Inserts `rows` into `table`, `BULK_INSERT_ROWS` per `insert … values` statement, every
 * row giving `columns` (an absent value is bound as null). Kysely's query builder walks
 * each value into its operation tree and compiles that again for every statement (10,000
 * rows: 130 ms through the builder, 107 ms here; `bench/write-path.mjs`); here the statement text comes from
 * Kysely once per statement length (so each dialect gets its own placeholders) and the
 * values are bound in column order. On SQLite the text is prepared once (statement cache).
 */
export async function insertRows<T extends keyof Tables & string>(
  db: Db,
  table: T,
  columns: readonly (keyof Insertable<Tables[T]> & string)[],
  rows: readonly Insertable<Tables[T]>[],
  rowsPerStatement = BULK_INSERT_ROWS,
): Promise<void> {
  const texts = new Map<number, string>();
  const textFor = (count: number): string => {
    let text = texts.get(count);
    if (text === undefined) {
      const placeholder = Object.fromEntries(columns.map((column) => [column, null]));
      const compiled = db
        .insertInto(table)
        .values(Array.from({ length: count }, () => placeholder) as never)
        .compile();
      if (compiled.parameters.length !== count * columns.length) {
        throw new Error(`insertRows: ${table} compiled to ${compiled.parameters.length} parameters`);
      }
      text = compiled.sql;
      texts.set(count, text);
    }
    return text;
  };
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    const parameters: unknown[] = [];
    for (const row of chunk) {
      const values = row as Record<string, unknown>;
      for (const column of columns) parameters.push(values[column] ?? null);
    }
    await db.executeQuery(CompiledQuery.raw(textFor(chunk.length), parameters));
  }
}
