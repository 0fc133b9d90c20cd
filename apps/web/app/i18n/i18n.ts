import { DEFAULT_LOCALE, type Locale } from "@nimbus/protocol";
import { createContext, useContext } from "react";

/** One flat catalogue per locale: semantic dotted keys → text with `{name}` placeholders. */
export type Messages = Record<string, string>;

// Each catalogue is its own chunk: a page loads only the locale it renders.
const catalogues = import.meta.glob<{ default: Messages }>("../locales/*.json");

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = catalogues[`../locales/${locale}.json`] ?? catalogues[`../locales/${DEFAULT_LOCALE}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  return (await load()).default;
}

export function translate(messages: Messages, key: string, params?: Record<string, string | number>): string {
  const template = messages[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

export interface I18n {
  locale: Locale;
  messages: Messages;
}

export const I18nContext = createContext<I18n>({ locale: DEFAULT_LOCALE, messages: {} });

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

/** `t("nav.home")`, `t("drive.items", { count: 3 })`. */
export function useT(): (key: string, params?: Record<string, string | number>) => string {
  const { messages } = useContext(I18nContext);
  return (key, params) => translate(messages, key, params);
}
