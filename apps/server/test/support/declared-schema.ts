import { readFileSync } from "node:fs";
import ts from "typescript";

/** A column as `db/schema.ts` declares it for Kysely. */
export interface DeclaredColumn {
  /** The TypeScript type without `null` and `Generated<>`: `string`, `number`, `Uint8Array`. */
  type: string;
  nullable: boolean;
  /** `Generated<…>`: inserts may leave it out, so the database must fill it. */
  generated: boolean;
}

export type DeclaredSchema = Map<string, Map<string, DeclaredColumn>>;

/**
 * Reads the table interfaces of `db/schema.ts` with the TypeScript compiler API:
 * the `Tables` interface names each table's interface, whose properties are its
 * columns. Types are only visible to the compiler, so the file is parsed, not imported.
 */
export function readDeclaredSchema(file: string): DeclaredSchema {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const tables = interfaces.get("Tables");
  if (!tables) throw new Error(`${file} declares no Tables interface`);
  const schema: DeclaredSchema = new Map();
  for (const [table, typeName] of properties(tables)) {
    const declaration = ts.isTypeReferenceNode(typeName)
      ? interfaces.get(typeName.typeName.getText())
      : undefined;
    if (!declaration) throw new Error(`table ${table}: ${typeName.getText()} is not an interface in ${file}`);
    if (declaration.heritageClauses?.length) throw new Error(`table ${table}: extends are not supported`);
    schema.set(table, new Map([...properties(declaration)].map(([name, type]) => [name, column(type)])));
  }
  return schema;
}

function properties(declaration: ts.InterfaceDeclaration): Map<string, ts.TypeNode> {
  const found = new Map<string, ts.TypeNode>();
  for (const member of declaration.members) {
    if (!ts.isPropertySignature(member) || !member.type) {
      throw new Error(`${declaration.name.text}: only plain properties are supported`);
    }
    found.set(member.name.getText(), member.type);
  }
  return found;
}

function column(type: ts.TypeNode): DeclaredColumn {
  let generated = false;
  let node = type;
  if (ts.isTypeReferenceNode(node) && node.typeName.getText() === "Generated") {
    generated = true;
    const inner = node.typeArguments?.[0];
    if (!inner) throw new Error(`Generated without a type: ${type.getText()}`);
    node = inner;
  }
  const parts = ts.isUnionTypeNode(node) ? node.types : [node];
  const isNull = (part: ts.TypeNode) =>
    ts.isLiteralTypeNode(part) && part.literal.kind === ts.SyntaxKind.NullKeyword;
  const rest = parts.filter((part) => !isNull(part)).map((part) => part.getText());
  if (rest.length !== 1) throw new Error(`one type per column expected, got ${type.getText()}`);
  return { type: rest[0] as string, nullable: parts.some(isNull), generated };
}
