import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DeclaredSchema, readDeclaredSchema } from "./support/declared-schema.js";
import { createTestApp, type TestApp, whileCatalogueStable } from "./support/test-app.js";

// db/schema.ts is written by hand next to the migrations; this keeps the two in step
// on the database the suite runs on (a fresh SQLite file, or a Postgres schema).
const SCHEMA_FILE = fileURLToPath(new URL("../src/db/schema.ts", import.meta.url));

/** The database type families each TypeScript column type may be stored as. */
const STORED_AS: Record<string, RegExp> = {
  string: /^(text|varchar|character varying|char|character|uuid)$/i,
  number: /^(integer|int|int2|int4|int8|bigint|smallint|real|double precision|float4|float8|numeric)$/i,
  Uint8Array: /^(blob|bytea)$/i,
};

interface MigratedColumn {
  dataType: string;
  nullable: boolean;
  hasDefault: boolean;
}

let t: TestApp;
let declared: DeclaredSchema;
let migrated: Map<string, Map<string, MigratedColumn>>;

beforeAll(async () => {
  t = await createTestApp();
  declared = readDeclaredSchema(SCHEMA_FILE);
  const { db, dialect } = t.database;
  const schema =
    dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const tables = (await whileCatalogueStable(() => db.introspection.getTables())).filter(
    (table) => !table.isView && (schema === undefined || table.schema === schema),
  );
  migrated = new Map();
  for (const table of tables) {
    // SQLite lets a non-integer primary key hold NULL unless declared NOT NULL (a
    // legacy quirk); Postgres never does. The app always sets it, so it counts as not null.
    const keys =
      dialect === "sqlite"
        ? (
            await sql<{
              name: string;
            }>`select name from pragma_table_info(${table.name}) where pk > 0`.execute(db)
          ).rows.map((row) => row.name)
        : [];
    migrated.set(
      table.name,
      new Map(
        table.columns.map((c) => [
          c.name,
          {
            dataType: c.dataType,
            nullable: c.isNullable && !keys.includes(c.name),
            hasDefault: c.hasDefaultValue || c.isAutoIncrementing,
          },
        ]),
      ),
    );
  }
});
afterAll(() => t.close());

describe("db/schema.ts against a freshly migrated database", () => {
  it("declares exactly the tables the migrations create", () => {
    expect([...declared.keys()].sort()).toEqual([...migrated.keys()].sort());
  });

  it("declares exactly each table's columns", () => {
    const columns = (schema: Map<string, Map<string, unknown>>) =>
      Object.fromEntries([...schema].map(([table, cols]) => [table, [...cols.keys()].sort()]));
    expect(columns(declared)).toEqual(columns(migrated));
  });

  it("declares null exactly where the column accepts null, and a type the column stores", () => {
    const mismatches: string[] = [];
    for (const [table, columns] of declared) {
      for (const [name, column] of columns) {
        const actual = migrated.get(table)?.get(name);
        if (!actual) continue; // reported by the column test
        if (column.nullable !== actual.nullable) {
          mismatches.push(`${table}.${name}: declared ${column.nullable ? "" : "not "}nullable`);
        }
        const family = STORED_AS[column.type];
        if (!family) mismatches.push(`${table}.${name}: no storage known for ${column.type}`);
        else if (!family.test(actual.dataType)) {
          mismatches.push(`${table}.${name}: ${column.type} stored as ${actual.dataType}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("marks Generated<> only columns the database fills when an insert leaves them out", () => {
    const unfilled: string[] = [];
    for (const [table, columns] of declared) {
      for (const [name, column] of columns) {
        const actual = migrated.get(table)?.get(name);
        if (column.generated && actual && !actual.hasDefault && !actual.nullable)
          unfilled.push(`${table}.${name}`);
      }
    }
    expect(unfilled).toEqual([]);
  });
});
