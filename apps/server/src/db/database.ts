import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import type { DatabaseConfig } from "../config/config.js";
import { InlineLimitsPlugin } from "./inline-limits.js";
import { migrations } from "./migrations/index.js";
import type { Tables } from "./schema.js";
import { withStatementCache } from "./statement-cache.js";
import { WalCheckpointer } from "./wal-checkpointer.js";

export type DialectName = "sqlite" | "postgres";
export type Db = Kysely<Tables>;

export interface Database {
  readonly db: Db;
  readonly dialect: DialectName;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const dialect: DialectName = config.kind;
  const { db, beforeClose } =
    config.kind === "sqlite" ? await openSqlite(config.file) : { db: await openPostgres(config.url) };
  return {
    db,
    dialect,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async migrate() {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations(dialect) },
        // Kysely looks for its bookkeeping tables in every schema it can see unless
        // told which one: pin it to ours, so databases shared by several schemas
        // (the Postgres test suite runs one schema per test file) never mix them up.
        ...(dialect === "postgres" ? { migrationTableSchema: await currentSchema(db) } : {}),
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((r) => r.status === "Error");
      if (error || failed) {
        throw new Error(`migration ${failed?.migrationName ?? ""} failed`, { cause: error });
      }
    },
    async close() {
      await beforeClose?.();
      await db.destroy();
    },
  };
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("no current schema: check search_path");
  return schema;
}

async function openSqlite(file: string): Promise<{ db: Db; beforeClose?: () => Promise<void> }> {
  const { default: SQLite } = await import("better-sqlite3");
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = NORMAL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    plugins: [new InlineLimitsPlugin()],
  });
  if (file === ":memory:") return { db };
  const checkpointer = new WalCheckpointer(
    connection,
    file,
    createRequire(import.meta.url).resolve("better-sqlite3"),
  );
  return { db, beforeClose: () => checkpointer.close() };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // int8 (bigint) columns hold byte counts and epoch ms, all far below 2^53.
    types: {
      getTypeParser: (oid: number, format?: string) =>
        oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format as "text"),
    },
  });
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}
