import type { MetaDescriptor } from "react-router";
import { type Messages, translate } from "../i18n/i18n.js";

interface RootData {
  messages: Messages;
}

/** `<title>` and description for a page from the root's catalogue (meta functions can't use hooks). */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  titleKey: string,
  descriptionKey?: string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  const messages = root?.messages ?? {};
  const brand = translate(messages, "brand.name");
  const meta: MetaDescriptor[] = [{ title: `${translate(messages, titleKey)} · ${brand}` }];
  if (descriptionKey) meta.push({ name: "description", content: translate(messages, descriptionKey) });
  return meta;
}
