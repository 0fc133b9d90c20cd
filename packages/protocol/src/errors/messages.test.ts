import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../locales.js";
import { ERROR_NAMES } from "./catalogue.js";
import { type ErrorMessageKey, type ErrorMessages, SPECIAL_MESSAGE_KEYS } from "./message-types.js";
import {
  CATALOGUE_TEXT_MIN_CODE,
  chooseErrorText,
  ERROR_MESSAGE_LOADERS,
  formatMessage,
  loadErrorMessages,
} from "./messages.js";
import { ERROR_INFO_TYPE, LOCALIZED_MESSAGE_TYPE } from "./nimbus-error.js";

const KEYS: readonly ErrorMessageKey[] = [...SPECIAL_MESSAGE_KEYS, ...ERROR_NAMES];

const ALL: Record<Locale, ErrorMessages> = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, await loadErrorMessages(locale)] as const)),
) as Record<Locale, ErrorMessages>;
const EN = ALL["en-US"];
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== "en-US");

/** The only placeholders a text may use; every other key has none. */
const ALLOWED_PLACEHOLDERS: Partial<Record<ErrorMessageKey, readonly string[]>> = {
  _default: ["error", "description"],
  route_not_found: ["method", "path"],
  file_too_large: ["limit"],
};

/**
 * Texts a locale may leave identical to English, because the English wording is
 * also the natural one there. Kept short on purpose: anything else identical to
 * English is an untranslated copy.
 */
const SAME_AS_ENGLISH: Partial<Record<Locale, readonly ErrorMessageKey[]>> = {};
const MAX_SAME_AS_ENGLISH = 3;

/** Locales written in a non-Latin script: every text must contain that script. */
const SCRIPTS: Partial<Record<Locale, RegExp>> = {
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  ko: /\p{Script=Hangul}/u,
  ru: /\p{Script=Cyrillic}/u,
  uk: /\p{Script=Cyrillic}/u,
  "zh-CN": /\p{Script=Han}/u,
  "zh-TW": /\p{Script=Han}/u,
};

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ""))].sort();
}

describe("error messages", () => {
  it.each(LOCALES)("%s has a non-empty text for every catalogue name and special key", (locale) => {
    const messages = ALL[locale];
    const missing = KEYS.filter((key) => typeof messages[key] !== "string" || messages[key].trim() === "");
    expect(missing).toEqual([]);
    const extra = Object.keys(messages).filter((key) => !(KEYS as readonly string[]).includes(key));
    expect(extra).toEqual([]);
  });

  it.each(OTHER_LOCALES)("%s uses the same placeholders as en-US for every key", (locale) => {
    const differing = KEYS.filter(
      (key) => placeholders(ALL[locale][key]).join() !== placeholders(EN[key]).join(),
    ).map((key) => `${key}: ${JSON.stringify(ALL[locale][key])}`);
    expect(differing).toEqual([]);
  });

  it("en-US uses only the allowed placeholders", () => {
    for (const key of KEYS) {
      const allowed = ALLOWED_PLACEHOLDERS[key] ?? [];
      const unexpected = placeholders(EN[key]).filter((name) => !allowed.includes(name));
      expect(unexpected, key).toEqual([]);
    }
    expect(placeholders(EN._default)).toEqual(["description", "error"]);
    expect(placeholders(EN.route_not_found)).toEqual(["method", "path"]);
  });

  it("en-US uses the texts of spec §8 verbatim", () => {
    const tooFrequent = "Your operation is too frequent, please try again later";
    expect(EN).toMatchObject({
      invalid_password: "Invalid password",
      user_blocked: "Account is locked. Please try again later",
      user_pending: "Account not activated",
      invalid_verification_code: "Verification code is incorrect",
      invalid_account_or_password: "Wrong account number or password, please re-enter",
      expired_verification_code: "Verification code is expired",
      under_review: "The account is in the period of cancellation audit and cannot be used",
      account_freeze: "Account is frozen, please try again later",
      resource_exhausted: tooFrequent,
      too_many_requests: tooFrequent,
      _too_frequent: tooFrequent,
      _default: "Something went wrong: {error} ({description})",
    });
  });

  it.each(OTHER_LOCALES)("%s is translated, not copied from English", (locale) => {
    const allowed = SAME_AS_ENGLISH[locale] ?? [];
    expect(allowed.length).toBeLessThanOrEqual(MAX_SAME_AS_ENGLISH);
    const identical = KEYS.filter((key) => ALL[locale][key].trim() === EN[key].trim());
    // Exact match both ways: an untranslated copy fails, and so does a stale allowance.
    expect([...identical].sort()).toEqual([...allowed].sort());
  });

  it.each(Object.keys(SCRIPTS) as Locale[])("%s writes every text in its own script", (locale) => {
    const script = SCRIPTS[locale] as RegExp;
    const latinOnly = KEYS.filter((key) => !script.test(ALL[locale][key]));
    expect(latinOnly).toEqual([]);
  });

  it("has one loader per locale, and falls back to en-US for an unsupported value", async () => {
    expect(Object.keys(ERROR_MESSAGE_LOADERS).sort()).toEqual([...LOCALES].sort());
    expect((await ERROR_MESSAGE_LOADERS.ja()).default).toBe(ALL.ja);
    expect(await loadErrorMessages("xx" as Locale)).toBe(EN);
  });
});

describe("formatMessage", () => {
  it("fills known placeholders and leaves unknown ones as they are", () => {
    expect(formatMessage("No such API route: {method} {path}", { method: "GET", path: "/v1/nope" })).toBe(
      "No such API route: GET /v1/nope",
    );
    expect(formatMessage("{a} and {b}", { a: 1 })).toBe("1 and {b}");
    expect(formatMessage("{a}{a}", { a: "x" })).toBe("xx");
    expect(formatMessage("no placeholders", { a: "x" })).toBe("no placeholders");
  });

  it("does not read inherited properties as values", () => {
    expect(formatMessage("{toString}", {})).toBe("{toString}");
  });
});

describe("chooseErrorText (spec §8 text choice order)", () => {
  const localized = { "@type": LOCALIZED_MESSAGE_TYPE, locale: "en-US", message: "From the server" } as const;
  const info = { "@type": ERROR_INFO_TYPE, reason: "x", domain: "nimbus" } as const;

  describe("1. a localized message from details", () => {
    it("uses a LocalizedMessage entry before anything else", () => {
      const body = {
        error: "unreachable",
        error_code: 8000,
        error_description: "d",
        details: [info, localized],
      };
      expect(chooseErrorText(body, EN)).toBe("From the server");
    });

    it("uses any entry with a non-empty message when no LocalizedMessage has one", () => {
      const other = { ...info, message: "From another entry" } as unknown as typeof info;
      const emptyLocalized = { ...localized, message: "" };
      const body = {
        error: "invalid_password",
        error_code: 4010,
        error_description: "d",
        details: [emptyLocalized, other],
      };
      expect(chooseErrorText(body, EN)).toBe("From another entry");
    });

    it("prefers a LocalizedMessage entry over an earlier untyped message", () => {
      const other = { ...info, message: "Untyped" } as unknown as typeof info;
      const body = { error: "unknown", error_code: 2, error_description: "d", details: [other, localized] };
      expect(chooseErrorText(body, EN)).toBe("From the server");
    });

    it("skips details without a usable message", () => {
      const body = {
        error: "unknown",
        error_code: 2,
        error_description: "boom",
        details: [info, { ...localized, message: "   " }],
      };
      expect(chooseErrorText(body, EN)).toBe("Something went wrong: unknown (boom)");
    });
  });

  describe("2. special texts", () => {
    it("shows the network text for unreachable", () => {
      const body = { error: "unreachable", error_code: 8000, error_description: "fetch failed", details: [] };
      expect(chooseErrorText(body, EN)).toBe(EN._network);
      expect(chooseErrorText(body, ALL.ko)).toBe(ALL.ko._network);
    });

    it("shows the too-frequent text for captcha_invalid, not its catalogue text", () => {
      const body = { error: "captcha_invalid", error_code: 4002, error_description: "x" };
      expect(chooseErrorText(body, EN)).toBe("Your operation is too frequent, please try again later");
      expect(chooseErrorText(body, ALL["zh-CN"])).toBe(ALL["zh-CN"]._too_frequent);
    });
  });

  describe("3. the catalogue text for codes 17 and above", () => {
    it("starts at code 17", () => {
      expect(CATALOGUE_TEXT_MIN_CODE).toBe(17);
    });

    it("uses the catalogue text, looked up by name, at code 17", () => {
      const body = { error: "invalid_password", error_code: 17, error_description: "bad" };
      expect(chooseErrorText(body, EN)).toBe("Invalid password");
    });

    it("uses the catalogue text for a real account code", () => {
      const body = { error: "user_blocked", error_code: 4013, error_description: "locked", details: [] };
      expect(chooseErrorText(body, EN)).toBe("Account is locked. Please try again later");
      expect(chooseErrorText(body, ALL.ms)).toBe(ALL.ms.user_blocked);
    });

    it("falls through to the default text for a name the catalogue does not know", () => {
      const body = { error: "brand_new_error", error_code: 4999, error_description: "new" };
      expect(chooseErrorText(body, EN)).toBe("Something went wrong: brand_new_error (new)");
    });
  });

  describe("4. the default text", () => {
    it("is used at code 16, even for a name that has a catalogue text", () => {
      const body = { error: "unauthenticated", error_code: 16, error_description: "not login" };
      expect(chooseErrorText(body, EN)).toBe("Something went wrong: unauthenticated (not login)");
      const named = { error: "invalid_password", error_code: 16, error_description: "bad" };
      expect(chooseErrorText(named, EN)).toBe("Something went wrong: invalid_password (bad)");
    });

    it("is used for drive codes, which reuse the generic numbers", () => {
      const body = {
        error: "file_not_found",
        error_code: 5,
        error_description: "File not found",
        details: [],
      };
      expect(chooseErrorText(body, ALL.es)).toBe("Algo salió mal: file_not_found (File not found)");
    });
  });
});
