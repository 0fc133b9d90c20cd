import { DEFAULT_LOCALE } from "@nimbus/protocol";
import type { MetaDescriptor } from "react-router";
import { pageCatalogue } from "../i18n/catalogue.js";
import { type Messages, translate } from "../i18n/i18n.js";

type Match = { id: string; data?: unknown } | undefined;

/** The messages a meta function can see: the locale's page catalogue, plus the page's own documents. */
export function metaMessages(matches: ReadonlyArray<Match>): Messages {
  const page = matches.at(-1)?.data as { messages?: Messages } | undefined;
  return { ...pageCatalogue(metaLocale(matches) ?? DEFAULT_LOCALE), ...page?.messages };
}

/** The page's locale, for plural rules in meta texts. */
export function metaLocale(matches: ReadonlyArray<Match>): string | undefined {
  return (matches.find((m) => m?.id === "root")?.data as { locale?: string } | undefined)?.locale;
}

/** `<title>` and description for a page from the catalogue (meta functions can't use hooks). */
export function pageMeta(
  matches: ReadonlyArray<Match>,
  titleKey: string,
  descriptionKey?: string,
  params?: Record<string, string>,
): MetaDescriptor[] {
  const messages = metaMessages(matches);
  const locale = metaLocale(matches);
  const brand = translate(messages, "brand.name");
  const meta: MetaDescriptor[] = [{ title: `${translate(messages, titleKey, params, locale)} · ${brand}` }];
  if (descriptionKey)
    meta.push({ name: "description", content: translate(messages, descriptionKey, params, locale) });
  return meta;
}

/** The usual pair: `page.<name>.title` and `page.<name>.lead`. */
export function namedPageMeta(matches: ReadonlyArray<Match>, name: string): MetaDescriptor[] {
  return pageMeta(matches, `page.${name}.title`, `page.${name}.lead`);
}
