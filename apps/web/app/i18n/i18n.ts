import { DEFAULT_LOCALE, type Locale } from "@nimbus/protocol";
import { type CompiledMessage, compileMessage, formatCompiled } from "@nimbus/texts";
import { createContext, createElement, type ReactNode, useContext, useMemo } from "react";

/**
 * One flat catalogue per locale: semantic dotted keys → ICU MessageFormat texts (`@nimbus/texts`),
 * compiled by the loaders on the server, so pages carry the small renderer and not the parser.
 */
export type Messages = Record<string, CompiledMessage>;

// The web texts of the texts package. Each catalogue is its own chunk: a page loads only
// the locale it renders, and never the error, mail or captcha texts kept beside them.
const CATALOGUES = "../../../../packages/texts/src/web/";
const catalogues = import.meta.glob<{ default: Record<string, string> }>(
  "../../../../packages/texts/src/web/*.json",
);
const compiled = new Map<string, Messages>();

export async function loadMessages(locale: Locale): Promise<Messages> {
  const file = catalogues[`${CATALOGUES}${locale}.json`] ? locale : DEFAULT_LOCALE;
  const cached = compiled.get(file);
  if (cached) return cached;
  const load = catalogues[`${CATALOGUES}${file}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  const texts = (await load()).default;
  const messages = Object.fromEntries(
    Object.entries(texts).map(([key, text]) => [key, compileMessage(text)]),
  );
  compiled.set(file, messages);
  return messages;
}

export { DOCUMENT_NAMESPACES } from "./namespaces.js";

export function pickMessages(messages: Messages, keep: (key: string) => boolean): Messages {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => keep(key)));
}

/** The text for `key` with its ICU arguments filled in (plurals by `locale`'s rules); the key itself if missing. */
export function translate(
  messages: Messages,
  key: string,
  params?: Record<string, string | number>,
  locale: string = DEFAULT_LOCALE,
): string {
  const message = messages[key];
  if (message === undefined) return key;
  return formatCompiled(message, params, locale);
}

export interface I18n {
  locale: Locale;
  messages: Messages;
}

export const I18nContext = createContext<I18n>({ locale: DEFAULT_LOCALE, messages: {} });

/** Adds a route's document messages to those of the page around it. */
export function MessagesProvider({ messages, children }: { messages: Messages; children: ReactNode }) {
  const outer = useContext(I18nContext);
  const value = useMemo(
    () => ({ locale: outer.locale, messages: { ...outer.messages, ...messages } }),
    [outer, messages],
  );
  return createElement(I18nContext.Provider, { value }, children);
}

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** `t("nav.home")`, `t("drive.items", { count: 3 })`. */
export function useT(): Translate {
  const { locale, messages } = useContext(I18nContext);
  return (key, params) => translate(messages, key, params, locale);
}
