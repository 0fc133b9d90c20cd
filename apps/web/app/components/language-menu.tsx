import { LOCALES, type Locale } from "@nimbus/protocol";
import { useId, useState } from "react";
import { useLocation } from "react-router";
import { useLocale, useT } from "../i18n/i18n.js";
import { localeOfPath, localizedPath } from "../i18n/locale-url.js";

/** Each language by its own name, so people find theirs whatever the page language. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  "en-US": "English",
  es: "Español",
  id: "Bahasa Indonesia",
  ja: "日本語",
  ko: "한국어",
  ms: "Bahasa Melayu",
  pt: "Português",
  ru: "Русский",
  uk: "Українська",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
};

/** Where choosing `locale` goes: the same page in that locale, remembered by `?locale=` (cookie). */
export function languageHref(locale: Locale, pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set("locale", locale);
  const path = localeOfPath(pathname) || pathname === "/" ? localizedPath(locale, pathname) : pathname;
  return `${path}?${params}`;
}

export function LanguageMenu() {
  const t = useT();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <div className="language-menu">
      <button
        type="button"
        className="button ghost"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      >
        <span aria-hidden="true">🌐</span> {LANGUAGE_NAMES[current]}
        <span className="visually-hidden"> — {t("nav.language")}</span>
      </button>
      <ul id={menuId} className="menu" hidden={!open} aria-label={t("nav.language")}>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={languageHref(locale, pathname, search)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
            >
              {LANGUAGE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
