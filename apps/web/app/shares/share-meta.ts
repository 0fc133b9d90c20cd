import type { MetaDescriptor } from "react-router";
import { translate } from "../i18n/i18n.js";
import { metaLocale, metaMessages } from "../site/meta.js";
import type { LinkPreview } from "./link-preview.server.js";

type Match = { id: string; data?: unknown } | undefined;

/** The share route's id in the matches (its loader holds the link preview). */
export const SHARE_ROUTE_ID = "routes/share";

/**
 * `<title>`, description and Open Graph tags of a share page: the title and item count
 * of a public share, the generic page texts otherwise. Share pages stay out of search
 * indexes.
 */
export function shareMeta(matches: ReadonlyArray<Match>): MetaDescriptor[] {
  const messages = metaMessages(matches);
  const preview = matches.find((match) => match?.id === SHARE_ROUTE_ID)?.data as LinkPreview | undefined;
  const brand = translate(messages, "brand.name");
  const title = preview?.title || translate(messages, "page.share.title");
  const description =
    preview && preview.fileCount >= 0
      ? translate(messages, "shares.og.description", { count: preview.fileCount }, metaLocale(matches))
      : translate(messages, "page.share.lead");
  return [
    { title: `${title} · ${brand}` },
    { name: "description", content: description },
    { name: "robots", content: "noindex" },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}
