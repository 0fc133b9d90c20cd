import { LOCALES, type Locale } from "@nimbus/protocol";
import type { KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { useLocale, useT } from "../i18n/i18n.js";
import { localeOfPath, localizedPath } from "../i18n/locale-url.js";
import { Icon } from "./icon.js";
import * as icons from "./icons.js";
import { useDisclosure } from "./use-disclosure.js";

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

/** Up/Down/Home/End move between the languages. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const links = [...event.currentTarget.querySelectorAll("a")];
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: links.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  links[(next + links.length) % links.length]?.focus();
}

export function LanguageMenu() {
  const t = useT();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const menu = useDisclosure<HTMLUListElement>((list) =>
    list.querySelector<HTMLAnchorElement>('[aria-current="true"]')?.focus(),
  );
  return (
    <div className="language-menu popover-anchor">
      <button
        {...menu.button}
        className="button ghost"
        aria-label={`${t("nav.language")}: ${LANGUAGE_NAMES[current]}`}
      >
        <Icon d={icons.globe} />
        <span className="language-name" lang={current}>
          {LANGUAGE_NAMES[current]}
        </span>
        <Icon d={icons.chevron} size={16} />
      </button>
      <ul {...menu.panel} className="menu" aria-label={t("nav.language")} onKeyDown={moveFocus}>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={languageHref(locale, pathname, search)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
            >
              {LANGUAGE_NAMES[locale]}
              {locale === current && <Icon d={icons.check} size={16} />}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
