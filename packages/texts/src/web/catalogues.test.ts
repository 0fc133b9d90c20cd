import { readFileSync } from "node:fs";
import { LOCALES } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";

/** The catalogues as they are on disk (not through Vite's glob). */
function catalogue(locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./${locale}.json`, import.meta.url), "utf8"));
}

const english = catalogue("en-US") as Record<string, string>;
const others = LOCALES.filter((locale) => locale !== "en-US");

/**
 * Texts that are the same in every language: the brand, platform and product names.
 * Any other text identical to English counts towards SAME_AS_ENGLISH_LIMIT.
 */
const SAME_EVERYWHERE = new Set([
  "brand.name",
  "nav.tv",
  "download.android.name",
  "download.gp.name",
  "download.tv.name",
  "download.windows.name",
  "nav.blog",
  "page.blog.title",
  "drive.nav.premium",
  "drive.user.premium",
  "activity.black-friday.badge",
  "tasks.create.placeholder",
]);
/** "A handful": short words some languages borrow from English (Email, Premium, Blog, Link). */
const SAME_AS_ENGLISH_LIMIT = 5;

// Keys, arguments and plurals are checked for every group by ../catalogues.test.ts.
describe("web catalogues", () => {
  it("en-US is a flat map of non-empty texts", () => {
    for (const [key, text] of Object.entries(english)) {
      expect(typeof text, key).toBe("string");
      expect(text.trim(), key).not.toBe("");
      expect(key, "semantic dotted keys").toMatch(/^[a-z][A-Za-z0-9-]*(\.[A-Za-z0-9-]+)+$/);
    }
  });

  describe.each(others)("%s", (locale) => {
    const texts = catalogue(locale);

    it("is translated: at most a handful of texts identical to English", () => {
      const same = Object.keys(english).filter(
        (key) => !SAME_EVERYWHERE.has(key) && texts[key] === english[key],
      );
      expect(same.length, `identical to English: ${same.join(", ")}`).toBeLessThanOrEqual(
        SAME_AS_ENGLISH_LIMIT,
      );
    });
  });
});
