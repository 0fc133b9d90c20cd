import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, ERROR_NAMES, isErrorName } from "./catalogue.js";

const DOC_URL = new URL("../../../../docs/errors.md", import.meta.url);

interface Row {
  line: number;
  name: string;
  code: number;
  status: number;
  when: string;
}

/** The rows of the table under "## Catalogue", up to the next level-2 heading. */
function catalogueRows(markdown: string): Row[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => /^##\s+Catalogue\s*$/.test(line));
  if (start === -1) throw new Error("docs/errors.md has no '## Catalogue' section");
  const rows: Row[] = [];
  let headerSeen = false;
  for (let index = start + 1; index < lines.length; index++) {
    const line = (lines[index] ?? "").trim();
    if (/^##\s/.test(line)) break;
    if (!line.startsWith("|")) continue;
    if (!headerSeen) {
      headerSeen = true; // the column names
      continue;
    }
    if (/^\|[\s:|-]+\|$/.test(line)) continue; // the separator row
    const cells = line
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => cell.trim());
    if (cells.length !== 4) throw new Error(`line ${index + 1}: expected 4 cells, found ${cells.length}`);
    const [name = "", code = "", status = "", when = ""] = cells;
    rows.push({
      line: index + 1,
      name: name.replace(/`/g, ""),
      code: Number(code),
      status: Number(status),
      when,
    });
  }
  return rows;
}

describe("docs/errors.md", () => {
  const rows = catalogueRows(readFileSync(DOC_URL, "utf8"));

  it("has a catalogue table", () => {
    expect(rows.length).toBeGreaterThan(0);
  });

  it("has a row for every catalogue name", () => {
    const documented = new Set(rows.map((row) => row.name));
    expect(ERROR_NAMES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("names nothing outside the catalogue, and each name once", () => {
    expect(
      rows.filter((row) => !isErrorName(row.name)).map((row) => `line ${row.line}: ${row.name}`),
    ).toEqual([]);
    const seen = new Set<string>();
    const repeated = rows.filter((row) => seen.size === seen.add(row.name).size).map((row) => row.name);
    expect(repeated).toEqual([]);
  });

  it("gives every row the catalogue's code and HTTP status, and a description", () => {
    const wrong = rows
      .filter((row) => isErrorName(row.name))
      .filter((row) => {
        const spec = ERROR_CATALOGUE[row.name as keyof typeof ERROR_CATALOGUE];
        return row.code !== spec.code || row.status !== spec.status || row.when === "";
      })
      .map((row) => `line ${row.line}: ${row.name} ${row.code} ${row.status}`);
    expect(wrong).toEqual([]);
  });
});
