import { readFileSync } from "node:fs";
import { LOCALES } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";

// The platform's texts (close buttons, the captcha dialog's name) in every locale.
const KEYS = ["platform.debugConsole.close", "platform.captcha.title", "platform.captcha.close"];

function catalogue(locale: string): Record<string, string> {
  return JSON.parse(
    readFileSync(new URL(`../../../../../packages/texts/src/web/${locale}.json`, import.meta.url), "utf8"),
  );
}

describe("platform messages", () => {
  it.each(LOCALES)("%s has every platform key", (locale) => {
    const messages = catalogue(locale);
    for (const key of KEYS) expect(messages[key], `${locale} ${key}`).toMatch(/\S/);
  });

  it.each(LOCALES.filter((locale) => locale !== "en-US"))("%s is translated", (locale) => {
    const english = catalogue("en-US");
    const messages = catalogue(locale);
    expect(messages["platform.debugConsole.close"]).not.toBe(english["platform.debugConsole.close"]);
  });
});
