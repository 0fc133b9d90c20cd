import { type Locale, matchLocale } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useLocale, useT } from "../i18n/i18n.js";
import { LOCALE_COOKIE, readCookieValue } from "../lib/cookies.js";
import { LANGUAGE_NAMES, languageHref } from "./language-menu.js";
import "./language-hint.css";

/** Spec §3's `pp_hide_lang_change`: "1" once the visitor dismissed the hint or switched. */
export const HIDE_LANG_CHANGE_KEY = "pp_hide_lang_change";

/**
 * The language the browser prefers, when the page is in another and the visitor never
 * chose one (no locale cookie) nor dismissed the hint; undefined otherwise.
 */
export function suggestedLocale(
  pageLocale: Locale,
  browserLanguages: readonly string[],
  chosen: boolean,
  dismissed: boolean,
): Locale | undefined {
  if (chosen || dismissed) return undefined;
  for (const tag of browserLanguages) {
    const locale = matchLocale(tag);
    if (locale) return locale === pageLocale ? undefined : locale;
  }
  return undefined;
}

function hide(): void {
  try {
    localStorage.setItem(HIDE_LANG_CHANGE_KEY, "1");
  } catch {
    // Storage blocked: the hint comes back on the next page.
  }
}

/** Offers the page in the browser's language, once; "Don't show again" hides it for good. */
export function LanguageHint() {
  const t = useT();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const [suggested, setSuggested] = useState<Locale>();
  useEffect(() => {
    let dismissed = false;
    try {
      dismissed = localStorage.getItem(HIDE_LANG_CHANGE_KEY) === "1";
    } catch {
      dismissed = true;
    }
    const chosen = readCookieValue(document.cookie, LOCALE_COOKIE) !== undefined;
    setSuggested(suggestedLocale(locale, navigator.languages ?? [navigator.language], chosen, dismissed));
  }, [locale]);
  if (!suggested) return null;
  const language = LANGUAGE_NAMES[suggested];
  return (
    <aside className="language-hint" aria-label={t("langHint.label")}>
      <p>{t("langHint.text", { language })}</p>
      <a className="button primary" href={languageHref(suggested, pathname, search)} onClick={hide}>
        {t("langHint.switch", { language })}
      </a>
      <button
        type="button"
        className="button ghost"
        onClick={() => {
          hide();
          setSuggested(undefined);
        }}
      >
        {t("langHint.dismiss")}
      </button>
    </aside>
  );
}
