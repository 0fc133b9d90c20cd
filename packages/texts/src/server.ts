import type { TextCatalogue } from "./catalogue.js";
import { formatMessage, type MessageParams } from "./icu/format.js";
import en from "./server/en-US.js";
import es from "./server/es.js";
import id from "./server/id.js";
import ja from "./server/ja.js";
import ko from "./server/ko.js";
import ms from "./server/ms.js";
import pt from "./server/pt.js";
import ru from "./server/ru.js";
import uk from "./server/uk.js";
import zhCN from "./server/zh-CN.js";
import zhTW from "./server/zh-TW.js";

/**
 * The texts the server renders itself (mail and SMS `mail.*`, share statuses `share.*`, the
 * captcha page `captcha.*`), all locales loaded at once: the web never imports this entry.
 */
export const SERVER_TEXTS: Record<string, TextCatalogue> = {
  "en-US": en,
  es,
  id,
  ja,
  ko,
  ms,
  pt,
  ru,
  uk,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
};

export type ServerTextKey = keyof typeof en;

/** One server text in `locale` (en-US for an unsupported one), its ICU arguments filled in. */
export function serverText(locale: string, key: ServerTextKey, params?: MessageParams): string {
  const texts = Object.hasOwn(SERVER_TEXTS, locale) ? SERVER_TEXTS[locale] : en;
  const message = texts?.[key] ?? en[key];
  return formatMessage(message, params, Object.hasOwn(SERVER_TEXTS, locale) ? locale : "en-US");
}
