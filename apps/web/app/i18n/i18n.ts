import { DEFAULT_LOCALE, type Locale } from "@nimbus/protocol";
import { createContext, createElement, type ReactNode, useContext, useMemo } from "react";

/** One flat catalogue per locale: semantic dotted keys → text with `{name}` placeholders. */
export type Messages = Record<string, string>;

// Each catalogue is its own chunk: a page loads only the locale it renders.
const catalogues = import.meta.glob<{ default: Messages }>("../locales/*.json");

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = catalogues[`../locales/${locale}.json`] ?? catalogues[`../locales/${DEFAULT_LOCALE}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  return (await load()).default;
}

/**
 * Long-form documents (FAQ answers, help articles, policy texts, blog posts). They are
 * left out of the messages every page carries; the route that shows one sends its
 * namespace with its own loader data (`<MessagesProvider>`).
 */
export const DOCUMENT_NAMESPACES = ["faq.", "helpCenter.", "policyDoc.", "blog."] as const;

export function pickMessages(messages: Messages, keep: (key: string) => boolean): Messages {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => keep(key)));
}

/** The messages every page gets from the root loader: all but the documents. */
export function shellMessages(messages: Messages): Messages {
  return pickMessages(messages, (key) => !DOCUMENT_NAMESPACES.some((ns) => key.startsWith(ns)));
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
  const { messages } = useContext(I18nContext);
  return (key, params) => translate(messages, key, params);
}
