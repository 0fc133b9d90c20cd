#!/usr/bin/env node
// Merges new or changed messages into the 11 web catalogues in one step, so several
// people (or helpers) adding keys at once never overwrite each other's work:
//
//   flock /tmp/nimbus-locales.lock node scripts/add-messages.mjs messages.json
//
// messages.json: { "some.key": { "en-US": "…", "es": "…", … every locale } }.
// A key missing any locale is refused; existing keys keep their place, new ones are appended.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LOCALES = ["en-US", "es", "id", "ja", "ko", "ms", "pt", "ru", "uk", "zh-CN", "zh-TW"];
const catalogues = path.join(path.dirname(fileURLToPath(import.meta.url)), "../packages/texts/src/web");

const source = process.argv[2];
if (!source) {
  console.error("usage: node scripts/add-messages.mjs messages.json");
  process.exit(2);
}
const additions = JSON.parse(readFileSync(source, "utf8"));
const problems = [];
for (const [key, texts] of Object.entries(additions)) {
  for (const locale of LOCALES) {
    if (typeof texts?.[locale] !== "string" || texts[locale] === "")
      problems.push(`${key}: no ${locale} text`);
  }
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
for (const locale of LOCALES) {
  const file = path.join(catalogues, `${locale}.json`);
  const catalogue = JSON.parse(readFileSync(file, "utf8"));
  for (const [key, texts] of Object.entries(additions)) catalogue[key] = texts[locale];
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(catalogue, null, 2)}\n`);
  renameSync(temporary, file);
}
console.log(`merged ${Object.keys(additions).length} keys into ${LOCALES.length} catalogues`);
