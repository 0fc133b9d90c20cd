import { readFileSync } from "node:fs";
import { LOCALES } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import type { TextCatalogue } from "./catalogue.js";
import { ERROR_TEXT_LOADERS } from "./errors/loaders.js";
import { type Part, parseMessage } from "./icu/parse.js";
import { SERVER_TEXTS } from "./server.js";

/**
 * English words that must not be left in another language's texts, with the locales that
 * really use the word themselves (decision 0037):
 * - "Premium": Spanish, Portuguese, Indonesian and Malay write the plan's name as is
 *   ("YouTube Premium"); Japanese プレミアム, Korean 프리미엄, Russian Премиум, Ukrainian
 *   Преміум, Chinese 高级会员 / 進階會員 translate it.
 * - "item": a word of Portuguese, Indonesian and Malay too ("itens" is the Portuguese plural).
 * - "Drive" as a name of the root: Indonesian writes "Drive saya".
 * - "Folder": Indonesian and Malay write "folder".
 * - "Download(s)": Brazilian Portuguese writes "download" ("Fazer download", "Downloads").
 * Product and platform names (Nimbus, Android, Google Play, Chrome, Wi-Fi, APK, URL,
 * magnet, torrent) are not on the list: every language writes them in Latin letters.
 */
const ENGLISH_WORDS: Readonly<Record<string, readonly string[]>> = {
  Premium: ["es", "id", "ms", "pt"],
  item: ["id", "ms", "pt"],
  items: [],
  Drive: ["id"],
  Trash: [],
  Upload: [],
  Download: ["pt"],
  Downloads: ["pt"],
  Share: [],
  Cancel: [],
  Folder: ["id", "ms"],
  Files: [],
  Storage: [],
  Settings: [],
  Password: [],
  Account: [],
  "Sign in": [],
  "Sign out": [],
  "Stop sharing": [],
  "My Drive": [],
};

/** Russian and Ukrainian write storage units in Cyrillic (МБ, ГБ): no Latin KB … PB there. */
const CYRILLIC_UNIT_LOCALES = ["ru", "uk"];
const LATIN_UNIT = /\d\s?[KMGTP]B\b/;

/** The keys that name the drive's root: one name in the sidebar, breadcrumbs, toasts and pickers. */
const ROOT_NAME_KEYS = ["drive.nav.all", "files.root", "page.driveAll.title", "shares.picker.myDrive"];

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

/** The words a reader sees: literal text of every branch, without argument names or selectors. */
function readerText(parts: Part[]): string {
  return parts
    .map((part) => {
      if (typeof part === "string") return part;
      if ("options" in part) return Object.values(part.options).map(readerText).join(" ");
      return " ";
    })
    .join("");
}

export function untranslatedWords(text: string, locale: string): string[] {
  return Object.entries(ENGLISH_WORDS)
    .filter(([word, allowed]) => !allowed.includes(locale) && new RegExp(`\\b${word}\\b`).test(text))
    .map(([word]) => word);
}

const foreignLocales = LOCALES.filter((locale) => locale !== "en-US");

describe.each(Object.keys(GROUPS))("the %s texts", (group) => {
  const catalogues = GROUPS[group] as Record<string, TextCatalogue>;

  it.each(foreignLocales)("%s: leave no listed English word untranslated", (locale) => {
    const found: string[] = [];
    for (const [key, message] of Object.entries(catalogues[locale] ?? {})) {
      const words = untranslatedWords(readerText(parseMessage(message)), locale);
      if (words.length) found.push(`${key}: ${words.join(", ")}`);
    }
    expect(found).toEqual([]);
  });

  it.each(CYRILLIC_UNIT_LOCALES)("%s: writes storage units in Cyrillic", (locale) => {
    const found = Object.entries(catalogues[locale] ?? {})
      .filter(([, message]) => LATIN_UNIT.test(message))
      .map(([key]) => key);
    expect(found).toEqual([]);
  });
});

describe("the drive's root", () => {
  it.each(LOCALES)("%s: has one name everywhere it is shown", (locale) => {
    const web = GROUPS.web?.[locale] ?? {};
    const names = new Set(ROOT_NAME_KEYS.map((key) => web[key]));
    expect([...names]).toHaveLength(1);
  });
});

describe("the word list", () => {
  it("finds what it is meant to find, and only whole words", () => {
    expect(untranslatedWords("Перейти на Premium", "ru")).toEqual(["Premium"]);
    expect(untranslatedWords("ゴミ箱 (Trash)", "ja")).toEqual(["Trash"]);
    expect(untranslatedWords("Suscríbete a Premium", "es")).toEqual([]);
    expect(untranslatedWords("{count} item dipindahkan", "id")).toEqual([]);
    expect(untranslatedWords("Premiumkonto, Uploader", "ru")).toEqual([]);
    expect(untranslatedWords("Sign in to continue", "ko")).toEqual(["Sign in"]);
  });

  it("reads the words of plural branches, not the selectors", () => {
    const text = readerText(parseMessage("{count, plural, one {# Premium day} other {# days}}"));
    expect(untranslatedWords(text, "ru")).toEqual(["Premium"]);
    expect(readerText(parseMessage("{name} and {count, plural, other {files}}"))).not.toContain("name");
  });

  it("sees Latin units", () => {
    expect(LATIN_UNIT.test("10 GB")).toBe(true);
    expect(LATIN_UNIT.test("10 ГБ")).toBe(false);
  });
});
