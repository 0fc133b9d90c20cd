import type { MetaDescriptor } from "react-router";
import { type Messages, translate } from "../i18n/i18n.js";

type Match = { id: string; data?: unknown } | undefined;

/** The messages a meta function can see: the root's, plus the page's own documents. */
export function metaMessages(matches: ReadonlyArray<Match>): Messages {
  const root = matches.find((m) => m?.id === "root")?.data as { messages?: Messages } | undefined;
  const page = matches.at(-1)?.data as { messages?: Messages } | undefined;
  return { ...root?.messages, ...page?.messages };
}

/** `<title>` and description for a page from the catalogue (meta functions can't use hooks). */
export function pageMeta(
  matches: ReadonlyArray<Match>,
  titleKey: string,
  descriptionKey?: string,
  params?: Record<string, string>,
): MetaDescriptor[] {
  const messages = metaMessages(matches);
  const brand = translate(messages, "brand.name");
  const meta: MetaDescriptor[] = [{ title: `${translate(messages, titleKey, params)} · ${brand}` }];
  if (descriptionKey)
    meta.push({ name: "description", content: translate(messages, descriptionKey, params) });
  return meta;
}

/** The usual pair: `page.<name>.title` and `page.<name>.lead`. */
export function namedPageMeta(matches: ReadonlyArray<Match>, name: string): MetaDescriptor[] {
  return pageMeta(matches, `page.${name}.title`, `page.${name}.lead`);
}
