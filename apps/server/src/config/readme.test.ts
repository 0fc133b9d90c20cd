import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema } from "./schema.js";

/** The README's configuration table is the operator's manual: it must match the schema. */
describe("README configuration table", () => {
  const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
  const rows = new Map(
    [...readme.matchAll(/^\| `([A-Z0-9_]+)` \| (.+?) \| (.+?) \|$/gm)].map((m) => [
      m[1],
      { def: m[2], meaning: m[3] },
    ]),
  );

  it("lists every variable with its default and meaning, and nothing else", () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(envSchema.shape).sort());
    for (const [name, schema] of Object.entries(envSchema.shape)) {
      const parsed = schema.safeParse(undefined);
      const def = parsed.success && parsed.data !== undefined ? `\`${String(parsed.data)}\`` : "—";
      expect(rows.get(name), name).toEqual({ def, meaning: schema.description });
    }
  });
});
