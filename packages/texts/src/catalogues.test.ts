import { readdirSync, readFileSync } from "node:fs";
import { LOCALES } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import type { TextCatalogue } from "./catalogue.js";
import { ERROR_TEXT_LOADERS } from "./errors/loaders.js";
import { argumentsOf, type Part, parseMessage } from "./icu/parse.js";
import { SERVER_TEXTS } from "./server.js";

/**
 * The parity checks over every text of the package: the web catalogues (`web/`), the error
 * descriptions (`errors/`) and the server's own texts (`server/`: mail, share statuses, captcha).
 */
const webCatalogue = (locale: string): TextCatalogue =>
  JSON.parse(readFileSync(new URL(`./web/${locale}.json`, import.meta.url), "utf8"));

const GROUPS: Record<string, Record<string, TextCatalogue>> = {
  web: Object.fromEntries(LOCALES.map((locale) => [locale, webCatalogue(locale)])),
  errors: Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (locale) => [locale, (await ERROR_TEXT_LOADERS[locale]?.())?.default ?? {}] as const),
    ),
  ),
  server: SERVER_TEXTS,
};

/**
 * "item(s)"-style plurals, in every language they were written in: English and Spanish "(s)",
 * "(es)", Portuguese "(ns)", Russian and Ukrainian "(ы)", "(и)", "(ов)" and "шт."/"дн."-style
 * abbreviations standing in for a plural, Chinese "(个)"/"(個)", Japanese "(件)", Korean "(개)".
 * A count's wording is an ICU plural instead.
 */
const PARENTHESIZED_PLURAL =
  /\p{L}\((s|es|ns|os|as|ы|и|а|ов|ев|ей|ів|ї|я|个|個|件|개|项|項)\)|\{count\} (шт|дн|сохр|збер)\./u;

type Choice = Extract<Part, { options: unknown }>;

function plurals(parts: Part[], into: Choice[] = []): Choice[] {
  for (const part of parts) {
    if (typeof part === "string" || !("options" in part)) continue;
    if (part.type !== "select") into.push(part);
    for (const branch of Object.values(part.options)) plurals(branch, into);
  }
  return into;
}

describe.each(Object.keys(GROUPS))("the %s texts", (group) => {
  const catalogues = GROUPS[group] as Record<string, TextCatalogue>;
  const english = catalogues["en-US"] as TextCatalogue;

  it("have a catalogue for every locale and no other", () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)("%s: has exactly the keys of en-US, none empty", (locale) => {
    const texts = catalogues[locale] ?? {};
    const missing = Object.keys(english).filter((key) => !Object.hasOwn(texts, key));
    const extra = Object.keys(texts).filter((key) => !Object.hasOwn(english, key));
    const empty = Object.keys(texts).filter((key) => typeof texts[key] !== "string" || !texts[key]?.trim());
    expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] });
  });

  it.each(LOCALES)("%s: every message parses, with the argument names of en-US", (locale) => {
    const problems: string[] = [];
    for (const [key, message] of Object.entries(catalogues[locale] ?? {})) {
      try {
        const names = [...argumentsOf(parseMessage(message)).keys()].sort();
        const expected = [...argumentsOf(parseMessage(english[key] ?? "")).keys()].sort();
        if (names.join() !== expected.join()) problems.push(`${key}: ${names} ≠ ${expected}`);
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(LOCALES)("%s: plurals use exactly the locale's categories", (locale) => {
    const problems: string[] = [];
    for (const [key, message] of Object.entries(catalogues[locale] ?? {})) {
      for (const plural of plurals(parseMessage(message))) {
        const type = plural.type === "selectordinal" ? "ordinal" : "cardinal";
        const categories = new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories;
        const selectors = Object.keys(plural.options).filter((selector) => !/^=\d+$/.test(selector));
        const unknown = selectors.filter((selector) => !(categories as string[]).includes(selector));
        const missing = categories.filter((category) => !selectors.includes(category));
        if (unknown.length || missing.length)
          problems.push(`${key}: unknown ${unknown.join(",") || "-"}, missing ${missing.join(",") || "-"}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(LOCALES)('%s: writes no "item(s)"-style plural', (locale) => {
    const found = Object.entries(catalogues[locale] ?? {})
      .filter(([, message]) => PARENTHESIZED_PLURAL.test(message))
      .map(([key, message]) => `${key}: ${message}`);
    expect(found).toEqual([]);
  });
});

describe("the package's layout", () => {
  it("holds one web catalogue per locale and nothing else in web/", () => {
    const files = readdirSync(new URL("./web/", import.meta.url)).filter((name) => name.endsWith(".json"));
    expect(files.sort()).toEqual(LOCALES.map((locale) => `${locale}.json`).sort());
  });

  it('finds the "(s)" patterns it is meant to find', () => {
    for (const text of [
      "Share {count} item(s)",
      "{count} item(ns)",
      "Выбрано файл(ы)",
      "{count} шт.",
      "文件(个)",
    ])
      expect(PARENTHESIZED_PLURAL.test(text), text).toBe(true);
    for (const text of ["Saves (0 left)", "Items: {count}", "(s) alone", "Nimbus (SaaS)"])
      expect(PARENTHESIZED_PLURAL.test(text), text).toBe(false);
  });
});
